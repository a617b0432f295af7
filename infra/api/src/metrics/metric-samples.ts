import { METRICS_RANGE_STEPS, type MetricsHistory, type MetricsPoint, type MetricsRange } from '@portal/contracts';
import type { Queryable } from '@portal/db';
import { quantileFromBuckets } from './exposition';
import { LATENCY_BOUNDS_SECONDS, type HttpMetrics } from './http-metrics';
import { readBackupGauges } from './job-metrics';

export const METRIC_SAMPLE_RETENTION_DAYS = 7;

/** Stores what this process answered since its last sample (and the backup gauges), then prunes old rows. */
export async function storeMetricSample(db: Queryable, metrics: HttpMetrics, instance: string): Promise<void> {
  const gauges = await readBackupGauges(db);
  const delta = metrics.drainDelta();
  try {
    await db.query(
      `insert into metric_samples (instance, requests, errors, latency_buckets, protected_bytes, protected_items, queue_depth)
       values ($1, $2, $3, $4::jsonb, $5, $6, $7)`,
      [instance, delta.requests, delta.errors, JSON.stringify(delta.latencyBuckets), gauges.protectedBytes, gauges.protectedItems, gauges.queued + gauges.running],
    );
  } catch (error) {
    metrics.restoreDelta(delta);
    throw error;
  }
  await db.query(`delete from metric_samples where at < now() - make_interval(days => $1)`, [METRIC_SAMPLE_RETENTION_DAYS]);
}

/** Samples once a minute until stopped; a failed sample is logged and its counts go into the next one. */
export function startMetricSampler(
  db: Queryable,
  metrics: HttpMetrics,
  instance: string,
  log: { warn: (obj: unknown, msg: string) => void },
  everyMs = 60_000,
): () => void {
  const timer = setInterval(() => {
    storeMetricSample(db, metrics, instance).catch((error) => log.warn({ err: error }, 'metric sample failed'));
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}

interface SampleRow {
  step: number;
  at: Date;
  requests: string | number;
  errors: string | number;
  latency_buckets: number[];
  protected_bytes: string | number;
  queue_depth: number;
}

interface JobRow {
  step: number;
  succeeded: number;
  failed: number;
}

/**
 * The history for a range, one point per step that has samples or finished jobs. Requests add up over
 * every process's rows; the gauges are the step's latest reading; jobs come straight from backup_jobs.
 */
export async function metricsHistory(db: Queryable, range: MetricsRange): Promise<MetricsHistory> {
  const { spanMinutes, stepMinutes } = METRICS_RANGE_STEPS[range];
  const stepSeconds = stepMinutes * 60;
  const [samples, jobs] = await Promise.all([
    db.query<SampleRow>(
      `select floor(extract(epoch from at) / $2)::float8 as step, at, requests, errors, latency_buckets, protected_bytes, queue_depth
         from metric_samples where at >= now() - make_interval(mins => $1) order by at, id`,
      [spanMinutes, stepSeconds],
    ),
    db.query<JobRow>(
      `select floor(extract(epoch from finished_at) / $2)::float8 as step,
              count(*) filter (where status = 'succeeded')::float8 as succeeded,
              count(*) filter (where status = 'failed')::float8 as failed
         from backup_jobs where finished_at >= now() - make_interval(mins => $1) group by 1`,
      [spanMinutes, stepSeconds],
    ),
  ]);

  const steps = new Map<number, { requests: number; errors: number; buckets: number[]; bytes: number; queue: number; succeeded: number; failed: number; sampled: boolean }>();
  const stepOf = (step: number) => {
    let entry = steps.get(step);
    if (!entry) {
      entry = { requests: 0, errors: 0, buckets: new Array<number>(LATENCY_BOUNDS_SECONDS.length + 1).fill(0), bytes: 0, queue: 0, succeeded: 0, failed: 0, sampled: false };
      steps.set(step, entry);
    }
    return entry;
  };
  for (const row of samples.rows) {
    const entry = stepOf(Number(row.step));
    entry.requests += Number(row.requests);
    entry.errors += Number(row.errors);
    row.latency_buckets.forEach((n, i) => {
      if (i < entry.buckets.length) entry.buckets[i] += Number(n);
    });
    // Rows come oldest first, so the last one read is the step's latest gauge reading.
    entry.bytes = Number(row.protected_bytes);
    entry.queue = Number(row.queue_depth);
    entry.sampled = true;
  }
  for (const row of jobs.rows) {
    const entry = stepOf(Number(row.step));
    entry.succeeded = Number(row.succeeded);
    entry.failed = Number(row.failed);
  }

  // A step with jobs but no sample (API was down) carries the previous gauge reading forward.
  let lastBytes = 0;
  let lastQueue = 0;
  const points: MetricsPoint[] = [...steps.entries()]
    .sort(([a], [b]) => a - b)
    .map(([step, entry]) => {
      if (entry.sampled) {
        lastBytes = entry.bytes;
        lastQueue = entry.queue;
      }
      const p95 = quantileFromBuckets(LATENCY_BOUNDS_SECONDS, entry.buckets, 0.95);
      return {
        at: new Date(step * stepSeconds * 1000).toISOString(),
        requestsPerMinute: entry.requests / stepMinutes,
        errorRate: entry.requests > 0 ? entry.errors / entry.requests : null,
        p95LatencyMs: p95 === null ? null : Math.round(p95 * 1000 * 10) / 10,
        jobsSucceeded: entry.succeeded,
        jobsFailed: entry.failed,
        bytesProtected: lastBytes,
        queueDepth: lastQueue,
      };
    });
  return { range, stepMinutes, points };
}
