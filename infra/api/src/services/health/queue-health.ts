import type { JobQueueHealth } from '@portal/contracts';
import type { Engine } from '@portal/engine';
import type { Queryable } from '@portal/db';
import { countLiveWorkers } from '../../repositories/engine-workers-repository';
import { formatAge, messageOf, timed } from './probe';

/** A queued job older than this means workers are not keeping up (or not taking jobs). */
export const QUEUE_BACKLOG_SECONDS = 10 * 60;

export async function checkJobQueue(db: Queryable, engine: Engine | null): Promise<JobQueueHealth> {
  const kind = engine?.queue.kind ?? 'embedded';
  const result = await timed(async () => {
    const { rows } = await db.query<{ queued: number | string; running: number | string; oldest: number | string | null }>(
      `select count(*) filter (where status = 'queued') as queued, count(*) filter (where status = 'running') as running,
              extract(epoch from (clock_timestamp() - min(created_at) filter (where status = 'queued'))) as oldest
         from backup_jobs where status in ('queued', 'running')`,
    );
    return { ...rows[0], live: await countLiveWorkers(db) };
  });
  if (result.error !== undefined || !result.value) {
    return { status: 'down', latencyMs: result.latencyMs, detail: `The queue could not be read: ${messageOf(result.error)}`, kind, queued: 0, running: 0, oldestQueuedSeconds: null, liveWorkers: 0 };
  }
  const queued = Number(result.value.queued);
  const running = Number(result.value.running);
  const oldest = result.value.oldest === null ? null : Math.max(0, Math.round(Number(result.value.oldest)));
  const liveWorkers = result.value.live;
  const counts = `${queued} queued, ${running} running, ${liveWorkers} live worker${liveWorkers === 1 ? '' : 's'}`;
  let status: JobQueueHealth['status'] = 'ok';
  let detail = `${kind === 'pg-boss' ? 'pg-boss' : 'Embedded'} queue: ${counts}`;
  if (liveWorkers === 0) {
    status = 'down';
    detail = `No live worker: jobs are not being run (${counts})`;
  } else if (oldest !== null && oldest > QUEUE_BACKLOG_SECONDS) {
    status = 'degraded';
    detail = `Backlog: the oldest queued job has waited ${formatAge(oldest)} (${counts})`;
  }
  return { status, latencyMs: result.latencyMs, detail, kind, queued, running, oldestQueuedSeconds: oldest, liveWorkers };
}
