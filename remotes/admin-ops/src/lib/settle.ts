/**
 * Waits for a mutation without rethrowing (its onError, or the page, already shows what went
 * wrong): a form stays busy and a confirm dialog stays open until the change is over.
 */
export const settle = (running: Promise<unknown>): Promise<void> => running.then(
  () => undefined,
  () => undefined,
);
