import type { Queryable } from '@portal/db';

export interface AuditRow {
  seq: number;
  at: Date;
  organisationPath: string;
  actorId: string | null;
  actorName: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  detail: Record<string, unknown>;
  prevHash: string;
  hash: string;
}

interface RawAuditRow {
  seq: string | number;
  at: Date;
  organisation_path: string;
  actor_id: string | null;
  actor_name: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  detail: Record<string, unknown>;
  prev_hash: string;
  hash: string;
}

const COLUMNS = 'seq, at, organisation_path, actor_id, actor_name, action, target, ip, detail, prev_hash, hash';

function toRow(row: RawAuditRow): AuditRow {
  return {
    seq: Number(row.seq),
    at: row.at,
    organisationPath: row.organisation_path,
    actorId: row.actor_id,
    actorName: row.actor_name,
    action: row.action,
    target: row.target,
    ip: row.ip,
    detail: row.detail ?? {},
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

// Arbitrary constant: "portal audit chain". Serialises appends so every entry sees its predecessor.
const AUDIT_LOCK_KEY = 7_301_118_010;

export async function lockAuditChain(tx: Queryable): Promise<void> {
  await tx.query('select pg_advisory_xact_lock($1)', [AUDIT_LOCK_KEY]);
}

export async function lastAuditHash(tx: Queryable): Promise<string | undefined> {
  const { rows } = await tx.query<{ hash: string }>('select hash from audit_log order by seq desc limit 1');
  return rows[0]?.hash;
}

export async function insertAuditRow(tx: Queryable, row: Omit<AuditRow, 'seq'>): Promise<void> {
  await tx.query(
    `insert into audit_log (at, organisation_path, actor_id, actor_name, action, target, ip, detail, prev_hash, hash)
     values ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9, $10)`,
    [row.at.toISOString(), row.organisationPath, row.actorId, row.actorName, row.action, row.target, row.ip, JSON.stringify(row.detail), row.prevHash, row.hash],
  );
}

/** A batch of the chain in order, for verification. */
export async function auditRowsAfter(db: Queryable, afterSeq: number, limit: number): Promise<AuditRow[]> {
  const { rows } = await db.query<RawAuditRow>(`select ${COLUMNS} from audit_log where seq > $1 order by seq limit $2`, [afterSeq, limit]);
  return rows.map(toRow);
}

export interface AuditFilter {
  path: string;
  action?: string;
  search?: string;
  from?: string;
  to?: string;
}

function where(filter: AuditFilter): { sql: string; params: unknown[] } {
  const params: unknown[] = [filter.path];
  const clauses = ['starts_with(a.organisation_path, $1)'];
  if (filter.action) {
    params.push(filter.action);
    clauses.push(`a.action = $${params.length}`);
  }
  if (filter.search) {
    params.push(`%${filter.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
    clauses.push(`(lower(coalesce(a.actor_name, '')) like $${params.length} or lower(coalesce(a.target, '')) like $${params.length})`);
  }
  if (filter.from) {
    params.push(filter.from);
    clauses.push(`a.at >= $${params.length}::timestamptz`);
  }
  if (filter.to) {
    params.push(filter.to);
    clauses.push(`a.at <= $${params.length}::timestamptz`);
  }
  return { sql: clauses.join(' and '), params };
}

export interface AuditListRow extends AuditRow {
  organisationName: string | null;
}

export async function listAuditRows(db: Queryable, filter: AuditFilter, limit: number, offset: number): Promise<{ rows: AuditListRow[]; total: number }> {
  const { sql, params } = where(filter);
  const count = await db.query<{ n: string | number }>(`select count(*) as n from audit_log a where ${sql}`, params);
  const { rows } = await db.query<RawAuditRow & { organisation_name: string | null }>(
    `select a.seq, a.at, a.organisation_path, a.actor_id, a.actor_name, a.action, a.target, a.ip, a.detail, a.prev_hash, a.hash,
            o.name as organisation_name
     from audit_log a
     left join organisations o on a.organisation_path = o.path
     where ${sql}
     order by a.seq desc
     limit $${params.length + 1} offset $${params.length + 2}`,
    [...params, limit, offset],
  );
  return { rows: rows.map((row) => ({ ...toRow(row), organisationName: row.organisation_name })), total: Number(count.rows[0]?.n ?? 0) };
}
