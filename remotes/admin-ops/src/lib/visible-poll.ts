/**
 * Query options for a poll every `ms` while the page is visible: a background tab polls nothing,
 * and the page reloads once when it becomes visible again. Polls stay off the global loading bar.
 */
export const visiblePoll = (ms: number) => ({ refetchInterval: ms, refetchOnWindowFocus: true, quietRefetch: true }) as const;
