/** "45 s", "12 min", "3 h", "2 d": ages of jobs and heartbeats. */
export function formatSeconds(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min`;
  if (seconds < 36 * 3600) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86400)} d`;
}

/** How often the queue and workers sections refresh while the page is visible. */
export const OPERATOR_REFRESH_MS = 5000;
