import { BACKUP_MESSAGES, FINISHED_JOB_STATUSES, type Job, type JobListQuery } from '@portal/contracts';
import { findJob, requestCancel, zipVersions, type JobRow, type RestorePayload } from '@portal/engine';
import type { Readable } from 'node:stream';
import type { BackupDeps } from './backup-service';
import { checkDownload, runSetNow, signDownload } from './backup-service';
import { HttpError, notFound } from './errors';
import type { AuthContext } from './identity-service';

type JobRowWithSet = JobRow & { set_name: string | null };

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

/** Rate since the job started running and an ETA when the total is known. */
export function toJob(row: JobRowWithSet, now = Date.now()): Job {
  const itemsDone = Number(row.items_done);
  const bytesDone = Number(row.bytes_done);
  const itemsTotal = row.items_total === null ? null : Number(row.items_total);
  const end = row.finished_at ? new Date(row.finished_at).getTime() : now;
  const seconds = row.started_at ? Math.max(0.001, (end - new Date(row.started_at).getTime()) / 1000) : 0;
  const itemsPerSecond = seconds ? itemsDone / seconds : 0;
  const running = row.status === 'running';
  // Backups know their object count before their item count: progress by objects then.
  const percent =
    itemsTotal !== null && itemsTotal > 0
      ? Math.min(100, (itemsDone / itemsTotal) * 100)
      : row.objects_total
        ? Math.min(100, (row.objects_done / row.objects_total) * 100)
        : FINISHED_JOB_STATUSES.includes(row.status)
          ? 100
          : null;
  let etaSeconds: number | null = null;
  if (running && percent !== null && percent > 0 && seconds) etaSeconds = Math.max(0, (seconds * (100 - percent)) / percent);
  return {
    id: row.id,
    type: row.type,
    status: row.status,
    title: row.title,
    setId: row.set_id,
    setName: row.set_name,
    progress: {
      objectsDone: row.objects_done,
      objectsTotal: row.objects_total,
      itemsDone,
      itemsTotal,
      bytesDone,
      itemsPerSecond: Math.round(itemsPerSecond * 10) / 10,
      bytesPerSecond: seconds ? Math.round(bytesDone / seconds) : 0,
      etaSeconds: etaSeconds === null ? null : Math.round(etaSeconds),
      percent: percent === null ? null : Math.round(percent * 10) / 10,
    },
    createdAt: iso(row.created_at)!,
    startedAt: iso(row.started_at),
    finishedAt: iso(row.finished_at),
    failureReason: row.error_message,
    failedObjects: row.failed_objects,
    verifiedCount: row.verified_count,
    downloadReady: row.download_ready,
    cancelRequested: row.cancel_requested,
    retryOf: row.retry_of,
  };
}

async function jobRowOf(deps: BackupDeps, organisationId: string, jobId: string): Promise<JobRowWithSet | null> {
  const { rows } = await deps.db.query<JobRowWithSet>(
    'select j.*, s.name as set_name from backup_jobs j left join backup_sets s on s.id = j.set_id where j.id = $1 and j.organisation_id = $2',
    [jobId, organisationId],
  );
  return rows[0] ?? null;
}

export async function getJob(deps: BackupDeps, auth: AuthContext, jobId: string): Promise<Job> {
  const row = await jobRowOf(deps, auth.organisationId, jobId);
  if (!row) throw notFound();
  return toJob(row);
}

const JOB_ORDER: Record<JobListQuery['sort'], string> = {
  '-createdAt': 'j.created_at desc, j.id',
  createdAt: 'j.created_at asc, j.id',
  '-finishedAt': 'j.finished_at desc nulls first, j.id',
  finishedAt: 'j.finished_at asc nulls last, j.id',
  status: 'j.status asc, j.created_at desc',
  '-status': 'j.status desc, j.created_at desc',
};

export async function listJobs(deps: BackupDeps, auth: AuthContext, query: JobListQuery) {
  const params: unknown[] = [auth.organisationId];
  const where = ['j.organisation_id = $1'];
  if (query.type) {
    params.push(query.type);
    where.push(`j.type = $${params.length}`);
  }
  if (query.status?.length) {
    params.push(query.status);
    where.push(`j.status = any($${params.length}::text[])`);
  }
  if (query.setId) {
    params.push(query.setId);
    where.push(`j.set_id = $${params.length}`);
  }
  if (query.q) {
    params.push(`%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    where.push(`j.title ilike $${params.length}`);
  }
  const total = await deps.db.query<{ n: number }>(`select count(*) as n from backup_jobs j where ${where.join(' and ')}`, params);
  params.push(query.pageSize, (query.page - 1) * query.pageSize);
  const { rows } = await deps.db.query<JobRowWithSet>(
    `select j.*, s.name as set_name from backup_jobs j left join backup_sets s on s.id = j.set_id
      where ${where.join(' and ')} order by ${JOB_ORDER[query.sort]} limit $${params.length - 1} offset $${params.length}`,
    params,
  );
  const now = Date.now();
  return { items: rows.map((row) => toJob(row, now)), total: Number(total.rows[0].n), page: query.page, pageSize: query.pageSize };
}

export async function jobLog(deps: BackupDeps, auth: AuthContext, jobId: string, after: number, limit: number) {
  await getJob(deps, auth, jobId);
  const { rows } = await deps.db.query<{ seq: number; at: Date; level: 'info' | 'warn' | 'error'; message: string }>(
    'select seq, at, level, message from backup_job_logs where job_id = $1 and seq > $2 order by seq limit $3',
    [jobId, after, limit],
  );
  return { items: rows.map((r) => ({ seq: Number(r.seq), at: iso(r.at)!, level: r.level, message: r.message })) };
}

export async function cancelJob(deps: BackupDeps, auth: AuthContext, jobId: string): Promise<Job> {
  await getJob(deps, auth, jobId);
  const row = await requestCancel(deps.db, jobId);
  if (!row) throw new HttpError(409, BACKUP_MESSAGES.jobNotCancellable);
  return getJob(deps, auth, jobId);
}

/** A new job with the same work. A backup retry resumes from the stored delta checkpoints. */
export async function retryJob(deps: BackupDeps, auth: AuthContext, jobId: string): Promise<Job> {
  const job = await getJob(deps, auth, jobId);
  if (!['failed', 'cancelled', 'warning'].includes(job.status)) throw new HttpError(409, BACKUP_MESSAGES.jobNotRetryable);
  const row = (await findJob(deps.db, jobId))!;
  if (row.type === 'backup') {
    if (!row.set_id) throw notFound();
    const created = await runSetNow(deps, auth, row.set_id);
    await deps.db.query('update backup_jobs set retry_of = $2 where id = $1', [created.id, jobId]);
    return getJob(deps, auth, created.id);
  }
  const payload = row.payload as unknown as RestorePayload;
  const created = await deps.engine.submit({
    organisationId: auth.organisationId,
    setId: row.set_id,
    type: 'restore',
    title: row.title,
    payload: { ...payload, versionIds: undefined, targets: undefined } as unknown as Record<string, unknown>,
    retryOf: jobId,
  });
  return getJob(deps, auth, created.id);
}

export async function jobDownloadLink(deps: BackupDeps, auth: AuthContext, jobId: string, prefix: string) {
  const job = await getJob(deps, auth, jobId);
  if (!job.downloadReady) throw new HttpError(409, BACKUP_MESSAGES.downloadNotReady);
  const { token, expiresAt } = signDownload(deps.linkSecret, 'job', jobId);
  return { url: `${prefix}/api/jobs/${jobId}/download?token=${encodeURIComponent(token)}`, expiresAt };
}

/** The ZIP of a finished download restore, streamed from the catalog and the blob store. */
export async function jobDownload(deps: BackupDeps, jobId: string, token: string): Promise<{ stream: Readable; fileName: string }> {
  if (!checkDownload(deps.linkSecret, 'job', jobId, token)) throw notFound();
  const row = await findJob(deps.db, jobId);
  if (!row || !row.download_ready || !row.set_id) throw notFound();
  const { rows } = await deps.db.query<{ tenant_id: string; name: string }>('select tenant_id, name from backup_sets where id = $1', [row.set_id]);
  if (!rows[0]) throw notFound();
  const payload = row.payload as unknown as RestorePayload;
  const stamp = new Date(row.created_at).toISOString().slice(0, 19).replace(/[:T]/g, '-');
  return { stream: zipVersions(deps.db, deps.engine.blobs, rows[0].tenant_id, payload.versionIds ?? []), fileName: `restore-${stamp}.zip` };
}
