// A backup is background work: while the thread it shares a process with (the API's) is busy
// answering requests, each of the engine's pools (runPool) keeps one lane going and holds the others,
// so the backup goes on at a pace that leaves the cores to the requests. The host says when it is
// busy (engine-thread.ts: the API's event loop, measured there); an engine that is not on a thread of
// its own never hears it and always runs at full width.

let busy = false;
let waiting: Array<() => void> = [];

export function setHostBusy(value: boolean): void {
  busy = value;
  if (busy) return;
  const resumed = waiting;
  waiting = [];
  for (const resume of resumed) resume();
}

export function hostBusy(): boolean {
  return busy;
}

/** Resolves at once while the host is not busy, else when it stops being busy. */
export function hostIdle(): Promise<void> {
  if (!busy) return Promise.resolve();
  return new Promise((resolve) => waiting.push(resolve));
}
