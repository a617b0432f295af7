import type { JobStatus, JobType } from '@portal/contracts';
import type { EngineQueryable } from '../ports';

// The backup_jobs table is the record of every job: status, progress, log. Queues only deliver ids.

export interface JobRow {
  id: string;
  organisation_id: string;
  set_id: string | null;
  type: JobType;
  status: JobStatus;
  title: string;
  payload: Record<string, unknown>;
  run_seq: number | null;
  objects_done: number;
  objects_total: number | null;
  items_done: number;
  items_total: number | null;
  bytes_done: number;
  failed_objects: number;
  verified_count: number | null;
  download_ready: boolean;
  cancel_requested: boolean;
  error_message: string | null;
  retry_of: string | null;
  worker_id: string | null;
  heartbeat_at: Date | null;
  created_at: Date;
  started_at: Date | null;
  finished_at: Date | null;
}

/**
 * A running job whose heartbeat is older than this is taken to have lost its worker (killed process).
 * The default of EngineOptions.staleAfterSeconds (BACKUP_STALE_SECONDS).
 */
export const DEFAULT_STALE_AFTER_SECONDS = 30;

/** How often a running job refreshes its heartbeat: often enough that it never looks stale while alive. */
export const heartbeatMsFor = (staleAfterSeconds: number): number => Math.min(5000, (staleAfterSeconds * 1000) / 3);

export async function insertJob(
  db: EngineQueryable,
  input: { organisationId: string; setId: string | null; type: JobType; title: string; payload: Record<string, unknown>; retryOf?: string | null },
): Promise<JobRow> {
  const { rows } = await db.query<JobRow>(
    `insert into backup_jobs (organisation_id, set_id, type, title, payload, retry_of)
     values ($1, $2, $3, $4, $5::jsonb, $6) returning *`,
    [input.organisationId, input.setId, input.type, input.title, JSON.stringify(input.payload), input.retryOf ?? null],
  );
  return rows[0];
}

export async function findJob(db: EngineQueryable, jobId: string): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>('select * from backup_jobs where id = $1', [jobId]);
  return rows[0] ?? null;
}

/**
 * Takes a job for this worker: a queued one, or a running one whose worker stopped sending
 * heartbeats. Conditional update, so two workers never both win.
 */
export async function claimJob(db: EngineQueryable, jobId: string, workerId: string, staleAfterSeconds = DEFAULT_STALE_AFTER_SECONDS): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>(
    `update backup_jobs set status = 'running', worker_id = $2, heartbeat_at = clock_timestamp(),
            started_at = coalesce(started_at, clock_timestamp())
      where id = $1 and (status = 'queued' or (status = 'running' and heartbeat_at < clock_timestamp() - make_interval(secs => $3)))
      returning *`,
    [jobId, workerId, staleAfterSeconds],
  );
  return rows[0] ?? null;
}

/** Oldest queued job ids, and running ones abandoned by a dead worker. */
export async function claimableJobIds(db: EngineQueryable, limit: number, staleAfterSeconds = DEFAULT_STALE_AFTER_SECONDS): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>(
    `select id from backup_jobs
      where status = 'queued' or (status = 'running' and heartbeat_at < clock_timestamp() - make_interval(secs => $2))
      order by created_at limit $1`,
    [limit, staleAfterSeconds],
  );
  return rows.map((row) => row.id);
}

export interface ProgressUpdate {
  objectsDone?: number;
  objectsTotal?: number | null;
  itemsDone?: number;
  itemsTotal?: number | null;
  bytesDone?: number;
  failedObjects?: number;
  verifiedCount?: number | null;
}

/** Writes progress and the heartbeat; answers whether a cancel was requested. */
export async function saveProgress(db: EngineQueryable, jobId: string, workerId: string, progress: ProgressUpdate): Promise<{ cancelRequested: boolean; lost: boolean }> {
  const { rows } = await db.query<{ cancel_requested: boolean }>(
    `update backup_jobs set heartbeat_at = clock_timestamp(),
            objects_done = coalesce($3, objects_done), objects_total = case when $4::boolean then $5 else objects_total end,
            items_done = coalesce($6, items_done), items_total = case when $7::boolean then $8 else items_total end,
            bytes_done = coalesce($9, bytes_done), failed_objects = coalesce($10, failed_objects),
            verified_count = case when $11::boolean then $12 else verified_count end
      where id = $1 and worker_id = $2 and status = 'running' returning cancel_requested`,
    [
      jobId,
      workerId,
      progress.objectsDone ?? null,
      progress.objectsTotal !== undefined,
      progress.objectsTotal ?? null,
      progress.itemsDone ?? null,
      progress.itemsTotal !== undefined,
      progress.itemsTotal ?? null,
      progress.bytesDone ?? null,
      progress.failedObjects ?? null,
      progress.verifiedCount !== undefined,
      progress.verifiedCount ?? null,
    ],
  );
  // No row: another worker took the job over (this one was presumed dead) or it was finished.
  if (!rows[0]) return { cancelRequested: true, lost: true };
  return { cancelRequested: rows[0].cancel_requested, lost: false };
}

export async function setRunSeq(db: EngineQueryable, jobId: string, runSeq: number): Promise<void> {
  await db.query('update backup_jobs set run_seq = $2 where id = $1', [jobId, runSeq]);
}

export async function setPayload(db: EngineQueryable, jobId: string, payload: Record<string, unknown>): Promise<void> {
  await db.query('update backup_jobs set payload = $2::jsonb where id = $1', [jobId, JSON.stringify(payload)]);
}

export async function finishJob(
  db: EngineQueryable,
  jobId: string,
  workerId: string,
  result: { status: Exclude<JobStatus, 'queued' | 'running'>; errorMessage?: string | null; downloadReady?: boolean },
): Promise<boolean> {
  const { rows } = await db.query(
    `update backup_jobs set status = $3, error_message = $4, download_ready = $5, finished_at = clock_timestamp(), heartbeat_at = clock_timestamp()
      where id = $1 and worker_id = $2 and status = 'running' returning id`,
    [jobId, workerId, result.status, result.errorMessage ?? null, result.downloadReady ?? false],
  );
  return rows.length > 0;
}

export async function appendLog(db: EngineQueryable, jobId: string, level: 'info' | 'warn' | 'error', message: string): Promise<void> {
  await db.query('insert into backup_job_logs (job_id, level, message) values ($1, $2, $3)', [jobId, level, message.slice(0, 4000)]);
}

/** A queued job is cancelled at once; a running one at its next checkpoint. */
export async function requestCancel(db: EngineQueryable, jobId: string): Promise<JobRow | null> {
  const { rows } = await db.query<JobRow>(
    `update backup_jobs set cancel_requested = true,
            status = case when status = 'queued' then 'cancelled' else status end,
            finished_at = case when status = 'queued' then clock_timestamp() else finished_at end
      where id = $1 and status in ('queued', 'running') returning *`,
    [jobId],
  );
  return rows[0] ?? null;
}
