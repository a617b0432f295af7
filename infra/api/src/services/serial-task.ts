// Background passes (alert mail, secret-expiry check) run on a timer and on demand. Passes of one
// task on one database never overlap: a call made while a pass runs waits for it, then runs its own,
// so whoever triggers a pass directly (a test) also sees everything the timer's pass was doing.

const lanes = new WeakMap<object, Map<string, Promise<unknown>>>();

/** Runs `pass` after every earlier pass of the same task name on the same key (the database) ended. */
export function runSerially<T>(key: object, task: string, pass: () => Promise<T>): Promise<T> {
  let byTask = lanes.get(key);
  if (!byTask) lanes.set(key, (byTask = new Map()));
  const next = (byTask.get(task) ?? Promise.resolve()).then(pass, pass);
  byTask.set(task, next.catch(() => undefined));
  return next;
}

/**
 * Calls `pass` every `everyMs` (optionally once at once); returns `stop`, which clears the timer and
 * waits for a running pass. The timer does not keep the process alive. everyMs <= 0 never runs it.
 */
export function startPeriodic(pass: () => Promise<unknown>, everyMs: number, options: { immediately?: boolean; onError: (error: unknown) => void }): () => Promise<void> {
  if (!(everyMs > 0)) return async () => undefined;
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = () => {
    if (stopped) return;
    running = pass().catch(options.onError);
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  if (options.immediately) tick();
  return async () => {
    stopped = true;
    clearInterval(timer);
    await running;
  };
}
