/**
 * Query options that reload every `ms` while `busy(data)` says so (live job progress without reloading
 * the page), and every `idleMs` otherwise if given. Polls stay off the global loading bar and, as
 * before the data layer, go on in a background tab.
 */
export function pollWhile<T>(busy: (data: T) => boolean, ms: number, idleMs?: number) {
  return {
    quietRefetch: true,
    refetchIntervalInBackground: true,
    refetchInterval: ({ state }: { state: { data: T | undefined } }) => (state.data === undefined ? false : busy(state.data) ? ms : (idleMs ?? false)),
  };
}
