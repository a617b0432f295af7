// A backup is background work: while the thread it shares a process with (the API's) is busy
// answering requests, each of the engine's pools (runPool) keeps one lane going and holds the others,
// and that lane rests between items (restAfterItem), so the backup goes on at a pace that leaves the
// cores to the requests. The host says when it is
// busy (engine-thread.ts: the API's event loop, measured there); an engine that is not on a thread of
// its own never hears it and always runs at full width.

let busy = false;
let waiting: Array<() => void> = [];
/** The rests in progress, each ended early when the host stops being busy. */
const resting = new Set<() => void>();

export function setHostBusy(value: boolean): void {
  busy = value;
  if (busy) return;
  const resumed = waiting;
  waiting = [];
  for (const resume of resumed) resume();
  for (const wake of [...resting]) wake();
}

export function hostBusy(): boolean {
  return busy;
}

/** Resolves at once while the host is not busy, else when it stops being busy. */
export function hostIdle(): Promise<void> {
  if (!busy) return Promise.resolve();
  return new Promise((resolve) => waiting.push(resolve));
}

/** The longest rest after one item: about one sample of the host's load (the API's host-load.ts). */
export const MAX_REST_MS = 250;
/** Rest per unit of work while the host is busy: the lane works a third of the time. */
const REST_PER_WORK = 2;

/**
 * While the host is busy, the lane left rests after each item twice as long as the item took (at most
 * MAX_REST_MS), or until the host is no longer busy: the backup goes on at about a third of its one-lane pace.
 * Holding lanes slows the engine's own thread, which runs below normal priority; the rest also slows
 * its database work, which on PostgreSQL runs in server processes at the requests' priority. A rest
 * shorter than a timer's granularity is skipped.
 */
export function restAfterItem(workedMs: number): Promise<void> {
  const ms = Math.min(workedMs * REST_PER_WORK, MAX_REST_MS);
  if (!busy || ms < 1) return Promise.resolve();
  return new Promise((resolve) => {
    const wake = () => {
      clearTimeout(timer);
      resting.delete(wake);
      resolve();
    };
    const timer = setTimeout(wake, ms);
    resting.add(wake);
  });
}
