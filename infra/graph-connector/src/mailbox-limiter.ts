// Outlook executes at most 4 requests at once per app and mailbox ("MailboxConcurrency" in
// Microsoft Learn's Graph throttling limits); a fifth earns a 429 and a wait of at least a second.
// The client therefore queues its own Outlook requests per mailbox instead of provoking that.

export const MAILBOX_CONCURRENCY = 4;

const OUTLOOK_RESOURCES = /^(messages|mailfolders|events|calendar|calendars|calendarview|calendargroups|contacts|contactfolders)$/i;

/** `users/<id>` or `groups/<id>` for a request to that mailbox's Outlook data; null otherwise. */
export function outlookMailbox(url: string): string | null {
  const path = new URL(url).pathname;
  const match = /\/(users|groups)\/([^/]+)\/([^/(]+)/i.exec(path);
  if (!match || !OUTLOOK_RESOURCES.test(match[3])) return null;
  return `${match[1].toLowerCase()}/${decodeURIComponent(match[2]).toLowerCase()}`;
}

/** Runs work with at most `limit` at once per key; work without a key runs at once. */
export function createKeyedLimiter(limit: number) {
  const active = new Map<string, { running: number; waiting: Array<() => void> }>();
  return async function run<T>(key: string | null, work: () => Promise<T>): Promise<T> {
    if (key === null) return work();
    let slot = active.get(key);
    if (!slot) active.set(key, (slot = { running: 0, waiting: [] }));
    if (slot.running >= limit) await new Promise<void>((resolve) => slot!.waiting.push(resolve));
    else slot.running += 1;
    try {
      return await work();
    } finally {
      // Hand the slot straight to the next in line, or give it back.
      const next = slot.waiting.shift();
      if (next) next();
      else {
        slot.running -= 1;
        if (slot.running === 0) active.delete(key);
      }
    }
  };
}
