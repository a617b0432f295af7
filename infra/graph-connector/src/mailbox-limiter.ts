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

/**
 * Runs work with at most `limit` slots in use at once per key; work without a key runs at once.
 * A `$batch` to one mailbox takes as many slots as Graph runs of it in parallel (`weight`).
 */
export function createKeyedLimiter(limit: number) {
  const active = new Map<string, { used: number; waiting: Array<{ weight: number; start: () => void }> }>();
  const admitWaiting = (key: string) => {
    const slot = active.get(key)!;
    // First in, first served: a heavy waiter at the head is not overtaken by lighter ones.
    while (slot.waiting.length && slot.used + slot.waiting[0].weight <= limit) {
      const next = slot.waiting.shift()!;
      slot.used += next.weight;
      next.start();
    }
    if (slot.used === 0 && slot.waiting.length === 0) active.delete(key);
  };
  return async function run<T>(key: string | null, work: () => Promise<T>, weight = 1): Promise<T> {
    if (key === null) return work();
    const need = Math.min(Math.max(1, weight), limit);
    let slot = active.get(key);
    if (!slot) active.set(key, (slot = { used: 0, waiting: [] }));
    if (slot.waiting.length === 0 && slot.used + need <= limit) slot.used += need;
    else await new Promise<void>((resolve) => slot!.waiting.push({ weight: need, start: resolve }));
    try {
      return await work();
    } finally {
      slot.used -= need;
      admitWaiting(key);
    }
  };
}
