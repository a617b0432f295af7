import type { MetricsRange } from '@portal/contracts';
import { formatCount, scaleBytes } from '@portal/ui';

/** Chart labels: sizes as the kit's formatBytes, but whole from 100 up ("150 MB", not "150.0 MB"). */
export function formatBytes(bytes: number): string {
  const { value, unit } = scaleBytes(bytes);
  return `${unit === 'B' ? value : value.toFixed(value >= 100 ? 0 : 1)} ${unit}`;
}

export const formatMs = (value: number): string => `${formatCount(value)} ms`;

/** Point times: clock time for short ranges, weekday and time for the week. */
export function formatPointTime(iso: string, range: MetricsRange): string {
  const date = new Date(iso);
  const time = date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' });
  return range === '7d' ? `${date.toLocaleDateString('en-GB', { weekday: 'short' })} ${time}` : time;
}
