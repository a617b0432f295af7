import type { MetricsRange } from '@portal/contracts';

/** Hides content visually but keeps it for screen readers (the charts' data tables). */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value >= 100 ? 0 : 1)} ${UNITS[unit]}`;
}

/** Whole numbers as they are, small rates with one decimal. */
export function formatCount(value: number): string {
  return Number.isInteger(value) ? value.toLocaleString('en') : value.toLocaleString('en', { maximumFractionDigits: 1 });
}

export const formatMs = (value: number): string => `${formatCount(value)} ms`;

/** Point times: clock time for short ranges, weekday and time for the week. */
export function formatPointTime(iso: string, range: MetricsRange): string {
  const date = new Date(iso);
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return range === '7d' ? `${date.toLocaleDateString('en-GB', { weekday: 'short' })} ${time}` : time;
}
