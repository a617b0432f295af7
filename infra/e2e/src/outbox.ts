export interface OutboxMessage {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  sentAt: string;
}

/** Waits for the newest demo-outbox message to `to` sent after `since`, and returns its 6-digit code. */
export async function codeFromOutbox(baseUrl: string, to: string, since: number, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await fetch(`${baseUrl}/backend/dev/outbox`);
    if (res.ok) {
      const messages = (await res.json()) as OutboxMessage[];
      const message = messages.find((m) => m.to.includes(to) && Date.parse(m.sentAt) >= since - 1000);
      const code = message?.text.match(/\b(\d{6})\b/)?.[1];
      if (code) return code;
    }
    if (Date.now() > deadline) throw new Error(`no code for ${to} in the outbox`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
