// Formatting shared by the health page's cards and tables.
import { formatAge as age } from '../../../lib/format-age';

export function formatUptime(seconds: number): string {
  const d = Math.floor(seconds / 86400);
  const h = Math.floor((seconds % 86400) / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.floor(seconds % 60);
  return [d ? `${d}d` : '', h ? `${h}h` : '', m ? `${m}m` : '', `${s}s`].filter(Boolean).join(' ');
}

export const formatLatency = (ms: number | null | undefined): string => (ms === null || ms === undefined ? 'n/a' : `${ms} ms`);

/** Ages of queued jobs and outbox messages: "45 s", "12 min", "3 h", "2 d"; nothing waiting is "none". */
export const formatAge = (seconds: number | null): string => (seconds === null ? 'none' : age(seconds));
