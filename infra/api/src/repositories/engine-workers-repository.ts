import type { EngineWorker } from '@portal/contracts';
import { WORKER_ALIVE_SECONDS } from '@portal/engine';
import type { Queryable } from '@portal/db';

// engine_workers rows (migration 080), written by the engine's heartbeat.

interface WorkerRow {
  id: string;
  host: string;
  pid: number;
  queue_kind: 'embedded' | 'pg-boss';
  started_at: Date;
  last_seen_at: Date;
  seen_seconds: number | string;
  running_jobs: number;
  job_ids: string[];
}

/** Every known worker, alive ones first; stale rows stay visible so a dead process shows up. */
export async function listEngineWorkers(db: Queryable): Promise<EngineWorker[]> {
  const { rows } = await db.query<WorkerRow>(
    `select *, extract(epoch from (clock_timestamp() - last_seen_at)) as seen_seconds
       from engine_workers order by (last_seen_at > clock_timestamp() - make_interval(secs => $1)) desc, host, pid, id limit 200`,
    [WORKER_ALIVE_SECONDS],
  );
  return rows.map((row) => {
    const seen = Math.max(0, Number(row.seen_seconds));
    return {
      id: row.id,
      host: row.host,
      pid: Number(row.pid),
      queueKind: row.queue_kind,
      startedAt: new Date(row.started_at).toISOString(),
      lastSeenAt: new Date(row.last_seen_at).toISOString(),
      lastSeenSeconds: Math.round(seen),
      alive: seen <= WORKER_ALIVE_SECONDS,
      runningJobs: Number(row.running_jobs),
      jobIds: row.job_ids ?? [],
    };
  });
}

export async function countLiveWorkers(db: Queryable): Promise<number> {
  const { rows } = await db.query<{ n: number | string }>(
    'select count(*) as n from engine_workers where last_seen_at > clock_timestamp() - make_interval(secs => $1)',
    [WORKER_ALIVE_SECONDS],
  );
  return Number(rows[0].n);
}
