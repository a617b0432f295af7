import type { Queryable } from '@portal/db';

// Dashboard figures, each confined to the organisations whose path starts with `path` (the caller's subtree).

const FINISHED = `('succeeded', 'warning', 'failed')`;

const num = (value: string | number | null | undefined): number => Number(value ?? 0);

/** Organisations below the caller (its own excluded): the tenants it serves. */
export async function countOrganisationsBelow(db: Queryable, path: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>('select count(*) as n from organisations where starts_with(path, $1) and path <> $1', [path]);
  return num(rows[0]?.n);
}

/** Distinct protected users (active user objects of backup sets) per organisation, summed. */
export async function countProtectedSeats(db: Queryable, path: string): Promise<number> {
  // The usage feed's seat rule (view protected_seats, migration 251): one source for every seat figure.
  const { rows } = await db.query<{ n: string }>(
    `select count(*) as n from protected_seats ps join organisations o on o.id = ps.organisation_id where starts_with(o.path, $1)`,
    [path],
  );
  return num(rows[0]?.n);
}

/** Bytes the engine stored (after compression/encryption) for the subtree's M365 tenants. */
export async function sumStoredBytes(db: Queryable, path: string): Promise<number> {
  const { rows } = await db.query<{ n: string | null }>(
    `select sum(b.stored_size) as n
     from backup_blobs b join backup_tenants t on t.id = b.tenant_id join organisations o on o.id = t.organisation_id
     where starts_with(o.path, $1)`,
    [path],
  );
  return num(rows[0]?.n);
}

export interface JobCounts {
  finished: number;
  succeeded: number;
}

/** Jobs that finished within the last `hours`. */
export async function countFinishedJobs(db: Queryable, path: string, hours: number): Promise<JobCounts> {
  const { rows } = await db.query<{ finished: string; succeeded: string }>(
    `select count(*) as finished, count(*) filter (where j.status = 'succeeded') as succeeded
     from backup_jobs j join organisations o on o.id = j.organisation_id
     where starts_with(o.path, $1) and j.status in ${FINISHED}
       and j.finished_at >= now() - make_interval(hours => $2::int)`,
    [path, hours],
  );
  return { finished: num(rows[0]?.finished), succeeded: num(rows[0]?.succeeded) };
}

export interface DailyJobRow {
  day: string;
  succeeded: number;
  warning: number;
  failed: number;
}

/** Finished jobs per UTC day since `since` (a UTC midnight). */
export async function finishedJobsPerDay(db: Queryable, path: string, since: Date): Promise<DailyJobRow[]> {
  const { rows } = await db.query<{ day: string; succeeded: string; warning: string; failed: string }>(
    `select to_char(j.finished_at at time zone 'UTC', 'YYYY-MM-DD') as day,
            count(*) filter (where j.status = 'succeeded') as succeeded,
            count(*) filter (where j.status = 'warning') as warning,
            count(*) filter (where j.status = 'failed') as failed
     from backup_jobs j join organisations o on o.id = j.organisation_id
     where starts_with(o.path, $1) and j.status in ${FINISHED} and j.finished_at >= $2::timestamptz
     group by 1`,
    // An ISO string, not a Date: the PGlite serializer rejects Dates from another realm (jest).
    [path, since.toISOString()],
  );
  return rows.map((row) => ({ day: row.day, succeeded: num(row.succeeded), warning: num(row.warning), failed: num(row.failed) }));
}

/** Open alerts of the subtree; the provider also sees platform alerts (no organisation). */
export async function countOpenAlerts(db: Queryable, path: string, includePlatform: boolean): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `select count(*) as n from alerts a left join organisations o on o.id = a.organisation_id
     where a.status = 'open' and (starts_with(o.path, $1) or ($2::boolean and a.organisation_id is null))`,
    [path, includePlatform],
  );
  return num(rows[0]?.n);
}

/** Tickets not yet resolved or closed whose author belongs to the subtree. */
export async function countOpenTickets(db: Queryable, path: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(
    `select count(*) as n from support_tickets t join organisations o on o.id = t.author_organisation_id
     where starts_with(o.path, $1) and t.status in ('open', 'in_progress', 'waiting_for_customer')`,
    [path],
  );
  return num(rows[0]?.n);
}

export interface SetProtectionRow {
  services: string[];
  lastRunStatus: string | null;
  lastRunAt: Date | null;
  nextRunAt: Date | null;
}

/** The subtree's active backup sets with their services and last/next run. */
export async function listActiveSets(db: Queryable, path: string): Promise<SetProtectionRow[]> {
  const { rows } = await db.query<{ services: string[] | string; last_run_status: string | null; last_run_at: Date | null; next_run_at: Date | null }>(
    `select s.services, s.last_run_status, s.last_run_at, s.next_run_at
     from backup_sets s join organisations o on o.id = s.organisation_id
     where starts_with(o.path, $1) and s.status = 'active'`,
    [path],
  );
  return rows.map((row) => ({
    services: typeof row.services === 'string' ? (JSON.parse(row.services) as string[]) : row.services,
    lastRunStatus: row.last_run_status,
    lastRunAt: row.last_run_at ? new Date(row.last_run_at) : null,
    nextRunAt: row.next_run_at ? new Date(row.next_run_at) : null,
  }));
}

export interface RecentJobRow {
  id: string;
  title: string;
  type: 'backup' | 'restore';
  status: string;
  createdAt: Date;
  finishedAt: Date | null;
}

export async function listRecentJobs(db: Queryable, path: string, limit: number): Promise<RecentJobRow[]> {
  const { rows } = await db.query<{ id: string; title: string; type: 'backup' | 'restore'; status: string; created_at: Date; finished_at: Date | null }>(
    `select j.id, j.title, j.type, j.status, j.created_at, j.finished_at
     from backup_jobs j join organisations o on o.id = j.organisation_id
     where starts_with(o.path, $1)
     order by j.created_at desc limit $2`,
    [path, limit],
  );
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    type: row.type,
    status: row.status,
    createdAt: new Date(row.created_at),
    finishedAt: row.finished_at ? new Date(row.finished_at) : null,
  }));
}
