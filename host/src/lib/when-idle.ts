/** Runs `task` when the browser is idle (after `delayMs`, so a page's own loading goes first); returns a cancel. */
export function whenIdle(task: () => void, delayMs = 2000): () => void {
  let idle: number | undefined;
  const timer = window.setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function') idle = window.requestIdleCallback(task, { timeout: 3000 });
    else task();
  }, delayMs);
  return () => {
    window.clearTimeout(timer);
    if (idle !== undefined) window.cancelIdleCallback?.(idle);
  };
}
