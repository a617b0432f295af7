import os from 'node:os';
import type { EngineQueryable, JobQueue } from '../ports';

// Every engine process that takes jobs (an API's in-process workers, each worker CLI) keeps a row in
// engine_workers (migration 080) fresh, so operators see which workers are alive and what they run.
// A clean stop deletes the row; a killed process leaves it to go stale.

/** A worker row last seen longer ago than this is stale (its process is gone or stuck). */
export const WORKER_ALIVE_SECONDS = 60;
export const WORKER_HEARTBEAT_MS = 15_000;

export interface WorkerHeartbeatOptions {
  workerId: string;
  queueKind: JobQueue['kind'];
  /** Ids of the jobs this process runs right now. */
  runningJobIds: () => string[];
  everyMs?: number;
  log?: (message: string, error?: unknown) => void;
}

export interface WorkerHeartbeat {
  /** Writes the row now (also called on every tick). */
  beat(): Promise<void>;
  /** Stops the timer and deletes the row. */
  stop(): Promise<void>;
}

export async function writeWorkerHeartbeat(db: EngineQueryable, options: Pick<WorkerHeartbeatOptions, 'workerId' | 'queueKind'>, jobIds: string[]): Promise<void> {
  await db.query(
    `insert into engine_workers (id, host, pid, queue_kind, running_jobs, job_ids) values ($1, $2, $3, $4, $5, $6::text[])
     on conflict (id) do update set last_seen_at = clock_timestamp(), running_jobs = excluded.running_jobs, job_ids = excluded.job_ids`,
    [options.workerId, os.hostname(), process.pid, options.queueKind, jobIds.length, jobIds],
  );
}

export function startWorkerHeartbeat(db: EngineQueryable, options: WorkerHeartbeatOptions): WorkerHeartbeat {
  const log = options.log ?? (() => undefined);
  let stopped = false;
  let pending: Promise<void> = Promise.resolve();
  const beat = () => {
    pending = writeWorkerHeartbeat(db, options, options.runningJobIds()).catch((error) => {
      // A database that is briefly away (or a missing migration) must not stop the worker itself.
      if (!stopped) log('worker heartbeat failed', error);
    });
    return pending;
  };
  const timer = setInterval(() => void beat(), options.everyMs ?? WORKER_HEARTBEAT_MS);
  timer.unref();
  void beat();
  return {
    beat,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await pending;
      await db.query('delete from engine_workers where id = $1', [options.workerId]).catch((error) => log('worker row could not be removed', error));
    },
  };
}
