// Display helpers of the dashboard cards; the API sends raw numbers and ISO 8601 (UTC) times.

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** Binary sizes (1 KB = 1024 B) with one decimal above bytes. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1)} ${UNITS[unit]}`;
}

/** 0.9523 -> "95.2%"; null (nothing finished) -> "—". */
export const formatRate = (rate: number | null): string => (rate === null ? '—' : `${(rate * 100).toFixed(1).replace(/\.0$/, '')}%`);

export const formatDateTime = (iso: string | null): string =>
  iso ? new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' }) : 'Never';

/** "2026-11-21" -> "Sat 21" in the user's locale; parsed as UTC, like the API's days. */
export const formatDay = (day: string): string =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
