/**
 * Waits for a mutation whose own callbacks (onSuccess, onError) report the outcome: resolves when it
 * is done either way, so a dialog's busy state ends and no rejection goes unhandled.
 */
export const settled = (pending: Promise<unknown>): Promise<void> =>
  pending.then(
    () => undefined,
    () => undefined,
  );
