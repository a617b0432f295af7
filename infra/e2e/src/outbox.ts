import { apiToken } from './api-token';

export interface OutboxMessage {
  id: string;
  to: string;
  from: string;
  replyTo: string | null;
  subject: string;
  text: string;
  sentAt: string;
}

// The outbox holds every user's codes, so the API shows it to a signed-in ADMIN only; one session
// per portal is enough for a whole test file.
const tokens = new Map<string, Promise<string>>();

/** The demo outbox (newest first), read the way the Outbox page reads it: with an ADMIN session. */
export async function readOutbox(baseUrl: string): Promise<OutboxMessage[] | null> {
  if (!tokens.has(baseUrl)) tokens.set(baseUrl, apiToken(baseUrl, 'admin'));
  let res: Response;
  try {
    res = await fetch(`${baseUrl}/backend/dev/outbox`, { headers: { authorization: `Bearer ${await tokens.get(baseUrl)}` } });
  } catch (error) {
    tokens.delete(baseUrl);
    throw error;
  }
  if (res.status === 401) tokens.delete(baseUrl);
  return res.ok ? ((await res.json()) as OutboxMessage[]) : null;
}

/** Waits for the newest outbox message that matches, and returns it. */
export async function mailFromOutbox(baseUrl: string, matches: (m: OutboxMessage) => boolean, what: string, timeoutMs = 15_000): Promise<OutboxMessage> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const message = (await readOutbox(baseUrl))?.find(matches);
    if (message) return message;
    if (Date.now() > deadline) throw new Error(`no ${what} in the outbox`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Waits for the newest demo-outbox message to `to` sent after `since`, and returns its 6-digit code. */
export async function codeFromOutbox(baseUrl: string, to: string, since: number, timeoutMs = 15_000): Promise<string> {
  const codeOf = (m: OutboxMessage) => m.text.match(/\b(\d{6})\b/)?.[1];
  const message = await mailFromOutbox(
    baseUrl,
    (m) => m.to.includes(to) && Date.parse(m.sentAt) >= since - 1000 && codeOf(m) !== undefined,
    `code for ${to}`,
    timeoutMs,
  );
  return codeOf(message)!;
}
