// Display formatters of every page; the API sends raw numbers and ISO 8601 times in UTC.

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** A size in the largest binary unit (1 KB = 1024 B) it fills: 1536 -> { value: 1.5, unit: 'KB' }. */
export function scaleBytes(bytes: number): { value: number; unit: string } {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return { value, unit: UNITS[unit] };
}

/** Binary sizes (1 KB = 1024 B), one decimal above bytes: 1536 -> "1.5 KB". */
export function formatBytes(bytes: number): string {
  const { value, unit } = scaleBytes(bytes);
  return unit === 'B' ? `${value} B` : `${value.toFixed(1)} ${unit}`;
}

// One Intl formatter each, made on first use: toLocaleString with options builds a new formatter on
// every call, which took about 80 ms of a phone's main thread for the dashboard's lists alone.
let dateTimeFormat: Intl.DateTimeFormat | undefined;
let wholeFormat: Intl.NumberFormat | undefined;
let fractionFormat: Intl.NumberFormat | undefined;

/** Date and time in the user's locale; `empty` stands for a missing or unreadable time ("—" unless told). */
export function formatDateTime(iso: string | null | undefined, empty = '—'): string {
  const time = iso ? Date.parse(iso) : NaN;
  if (Number.isNaN(time)) return empty;
  return (dateTimeFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })).format(time);
}

/** Whole numbers with grouping, fractions with one decimal: 12345 -> "12,345", 2.345 -> "2.3". */
export const formatCount = (value: number): string =>
  Number.isInteger(value)
    ? (wholeFormat ??= new Intl.NumberFormat('en-US')).format(value)
    : (fractionFormat ??= new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })).format(value);

/** 75 -> "1m 15s", 3700 -> "1h 1m"; null (unknown) -> "—". */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds)) return '—';
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = s % 60;
  if (h > 0) return `${h}h ${m}m`;
  if (m > 0) return `${m}m ${rest}s`;
  return `${rest}s`;
}

/** 0.9523 -> "95.2%"; null (nothing to measure) -> "—". */
export const formatRate = (rate: number | null): string => (rate === null ? '—' : `${(rate * 100).toFixed(1).replace(/\.0$/, '')}%`);
