import type { HealthStatus } from '@portal/contracts';

// Shared by every health check: a deadline (a hung SMTP server or Graph endpoint must not hang the
// page) and latency measured the same way everywhere.

export class ProbeTimeout extends Error {
  constructor(ms: number) {
    super(`No answer within ${ms} ms`);
  }
}

export async function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeTimeout(ms)), ms);
  });
  try {
    return await Promise.race([work, deadline]);
  } finally {
    clearTimeout(timer);
  }
}

/** Runs `work`, answering its value or error with the milliseconds it took (two decimals). */
export async function timed<T>(work: () => Promise<T>): Promise<{ value?: T; error?: unknown; latencyMs: number }> {
  const started = process.hrtime.bigint();
  const latency = () => Math.round(Number(process.hrtime.bigint() - started) / 10_000) / 100;
  try {
    const value = await work();
    return { value, latencyMs: latency() };
  } catch (error) {
    return { error, latencyMs: latency() };
  }
}

export const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

const RANK: Record<HealthStatus, number> = { ok: 0, degraded: 1, down: 2 };

/** The worst of several statuses. */
export const worstOf = (statuses: HealthStatus[]): HealthStatus => statuses.reduce<HealthStatus>((worst, s) => (RANK[s] > RANK[worst] ? s : worst), 'ok');

/** "3 min", "2 h": ages in details an operator reads at a glance. */
export function formatAge(seconds: number): string {
  if (seconds < 90) return `${Math.round(seconds)} s`;
  if (seconds < 90 * 60) return `${Math.round(seconds / 60)} min`;
  if (seconds < 36 * 3600) return `${Math.round(seconds / 3600)} h`;
  return `${Math.round(seconds / 86400)} d`;
}
