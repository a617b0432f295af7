import type { MetricsRange } from '@portal/contracts';
import { formatCount } from '@portal/ui';

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** Chart labels: sizes as the kit's formatBytes, but whole from 100 up ("150 MB", not "150.0 MB"). */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${unit === 0 ? value : value.toFixed(value >= 100 ? 0 : 1)} ${UNITS[unit]}`;
}

export const formatMs = (value: number): string => `${formatCount(value)} ms`;

/** Point times: clock time for short ranges, weekday and time for the week. */
export function formatPointTime(iso: string, range: MetricsRange): string {
  const date = new Date(iso);
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return range === '7d' ? `${date.toLocaleDateString('en-GB', { weekday: 'short' })} ${time}` : time;
}
