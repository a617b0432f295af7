import { BACKUP_MESSAGES, type OperatorJob, type OperatorJobListQuery, type OperatorJobPage } from '@portal/contracts';
import { requestCancel, type JobRow } from '@portal/engine';
import type { Queryable } from '@portal/db';
import { findOrganisationById } from '../repositories/organisations-repository';
import { HttpError, notFound } from './errors';
import type { AuthContext } from './identity-service';

// The operator console's view of the job queue: queued and running jobs of every organisation in
// the caller's subtree (an ADMIN's is the whole platform), and the engine's own cancel path.

type Row = JobRow & { organisation_name: string; age_seconds: number | string };

const SELECT = `select j.*, o.name as organisation_name, extract(epoch from (clock_timestamp() - j.created_at)) as age_seconds
  from backup_jobs j join organisations o on o.id = j.organisation_id`;

function percentOf(row: JobRow): number | null {
  const itemsTotal = row.items_total === null ? null : Number(row.items_total);
  if (itemsTotal) return Math.min(100, Math.round((Number(row.items_done) / itemsTotal) * 1000) / 10);
  if (row.objects_total) return Math.min(100, Math.round((row.objects_done / row.objects_total) * 1000) / 10);
  return null;
}

function toOperatorJob(row: Row): OperatorJob {
  return {
    id: row.id,
    organisationId: row.organisation_id,
    organisationName: row.organisation_name,
    type: row.type,
    title: row.title,
    status: row.status,
    percent: percentOf(row),
    createdAt: new Date(row.created_at).toISOString(),
    startedAt: row.started_at ? new Date(row.started_at).toISOString() : null,
    ageSeconds: Math.max(0, Math.round(Number(row.age_seconds))),
    workerId: row.worker_id,
    cancelRequested: row.cancel_requested,
  };
}

async function scopePath(db: Queryable, auth: AuthContext): Promise<string> {
  const organisation = await findOrganisationById(db, auth.organisationId);
  if (!organisation) throw notFound();
  return organisation.path;
}

/** Running first, then the oldest queued: what an operator looks at when the queue backs up. */
export async function listActiveJobs(db: Queryable, auth: AuthContext, query: OperatorJobListQuery): Promise<OperatorJobPage> {
  const path = await scopePath(db, auth);
  const where = `j.status in ('queued', 'running') and starts_with(o.path, $1)`;
  const total = await db.query<{ n: number | string }>(`select count(*) as n from backup_jobs j join organisations o on o.id = j.organisation_id where ${where}`, [path]);
  const { rows } = await db.query<Row>(`${SELECT} where ${where} order by (j.status = 'running') desc, j.created_at, j.id limit $2 offset $3`, [
    path,
    query.pageSize,
    (query.page - 1) * query.pageSize,
  ]);
  return { items: rows.map(toOperatorJob), total: Number(total.rows[0].n), page: query.page, pageSize: query.pageSize };
}

/** A queued job is cancelled at once, a running one at its next checkpoint (the engine's path). */
export async function cancelActiveJob(db: Queryable, auth: AuthContext, jobId: string): Promise<OperatorJob> {
  const path = await scopePath(db, auth);
  const inScope = await db.query<{ id: string }>('select j.id from backup_jobs j join organisations o on o.id = j.organisation_id where j.id = $1 and starts_with(o.path, $2)', [jobId, path]);
  if (!inScope.rows[0]) throw notFound();
  if (!(await requestCancel(db, jobId))) throw new HttpError(409, BACKUP_MESSAGES.jobNotCancellable);
  const { rows } = await db.query<Row>(`${SELECT} where j.id = $1`, [jobId]);
  return toOperatorJob(rows[0]);
}
