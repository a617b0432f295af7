import type { AlertLevel, AlertStatus, AlertStatusFilter } from '@portal/contracts';
import type { Queryable } from '../db/database';

export interface AlertRow {
  id: string;
  severity: AlertLevel;
  source: string;
  message: string;
  status: AlertStatus;
  organisationName: string | null;
  createdAt: Date;
  acknowledgedAt: Date | null;
  acknowledgedByName: string | null;
  resolvedAt: Date | null;
  resolvedByName: string | null;
}

/** Whose alerts a caller sees: its subtree, plus platform alerts (no organisation) for the provider. */
export interface AlertScope {
  path: string;
  includePlatform: boolean;
}

const SELECT = `
  select a.id::text as id, a.severity, a.source, a.message, a.status, o.name as organisation_name, a.created_at,
         a.acknowledged_at, ack.username as acknowledged_by_name, a.resolved_at, res.username as resolved_by_name
  from alerts a
  left join organisations o on o.id = a.organisation_id
  left join users ack on ack.id = a.acknowledged_by
  left join users res on res.id = a.resolved_by`;

// $1 = subtree path, $2 = include platform alerts.
const IN_SCOPE = `(starts_with(o.path, $1) or ($2::boolean and a.organisation_id is null))`;

type RawAlert = {
  id: string;
  severity: AlertLevel;
  source: string;
  message: string;
  status: AlertStatus;
  organisation_name: string | null;
  created_at: Date;
  acknowledged_at: Date | null;
  acknowledged_by_name: string | null;
  resolved_at: Date | null;
  resolved_by_name: string | null;
};

const date = (value: Date | null): Date | null => (value ? new Date(value) : null);

function toAlert(row: RawAlert): AlertRow {
  return {
    id: row.id,
    severity: row.severity,
    source: row.source,
    message: row.message,
    status: row.status,
    organisationName: row.organisation_name,
    createdAt: new Date(row.created_at),
    acknowledgedAt: date(row.acknowledged_at),
    acknowledgedByName: row.acknowledged_by_name,
    resolvedAt: date(row.resolved_at),
    resolvedByName: row.resolved_by_name,
  };
}

export async function listAlertRows(
  db: Queryable,
  scope: AlertScope,
  filter: { severity?: AlertLevel; status: AlertStatusFilter },
  limit: number,
): Promise<AlertRow[]> {
  const params: unknown[] = [scope.path, scope.includePlatform];
  const where = [IN_SCOPE];
  if (filter.severity) {
    params.push(filter.severity);
    where.push(`a.severity = $${params.length}`);
  }
  if (filter.status === 'active') where.push(`a.status <> 'resolved'`);
  else if (filter.status !== 'all') {
    params.push(filter.status);
    where.push(`a.status = $${params.length}`);
  }
  params.push(limit);
  const { rows } = await db.query<RawAlert>(`${SELECT} where ${where.join(' and ')} order by a.created_at desc, a.id desc limit $${params.length}`, params);
  return rows.map(toAlert);
}

export async function findAlertInScope(db: Queryable, scope: AlertScope, id: string): Promise<AlertRow | undefined> {
  const { rows } = await db.query<RawAlert>(`${SELECT} where ${IN_SCOPE} and a.id = $3::bigint`, [scope.path, scope.includePlatform, id]);
  return rows[0] ? toAlert(rows[0]) : undefined;
}

/** Open -> acknowledged; false when the alert was no longer open. `acknowledged` is kept for the fallback code. */
export async function markAcknowledged(db: Queryable, id: string, userId: string): Promise<boolean> {
  const { rows } = await db.query(
    `update alerts set status = 'acknowledged', acknowledged = true, acknowledged_at = now(), acknowledged_by = $2
     where id = $1::bigint and status = 'open' returning id`,
    [id, userId],
  );
  return rows.length > 0;
}

/** Open or acknowledged -> resolved; false when it already was. */
export async function markResolved(db: Queryable, id: string, userId: string): Promise<boolean> {
  const { rows } = await db.query(
    `update alerts set status = 'resolved', acknowledged = true, resolved_at = now(), resolved_by = $2,
            acknowledged_at = coalesce(acknowledged_at, now()), acknowledged_by = coalesce(acknowledged_by, $2)
     where id = $1::bigint and status <> 'resolved' returning id`,
    [id, userId],
  );
  return rows.length > 0;
}
