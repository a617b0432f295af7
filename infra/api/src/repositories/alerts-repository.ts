import type { AlertLevel, AlertSourceKind, AlertStatus, AlertStatusFilter } from '@portal/contracts';
import type { Queryable } from '@portal/db';

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
  filter: { severity?: AlertLevel; status: AlertStatusFilter; kind?: AlertSourceKind },
  limit: number,
): Promise<AlertRow[]> {
  const params: unknown[] = [scope.path, scope.includePlatform];
  const where = [IN_SCOPE];
  if (filter.severity) {
    params.push(filter.severity);
    where.push(`a.severity = $${params.length}`);
  }
  if (filter.kind) {
    params.push(`${filter.kind}:%`);
    where.push(`a.source like $${params.length}`);
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

export interface NewAlert {
  severity: AlertLevel;
  source: string;
  message: string;
  /** Null for a platform alert (only the provider sees it). */
  organisationId: string | null;
}

// Severity order for escalation: a later, graver event updates the open alert instead of adding one.
const LEVEL_ORDER = `array['info', 'warning', 'error', 'critical']::text[]`;

/**
 * Raises an alert unless one of the same source is open and younger than `windowSeconds`; a graver
 * event escalates that one (new severity and message, mailed again). Returns what happened.
 */
export async function raiseOrEscalateAlert(db: Queryable, alert: NewAlert, windowSeconds: number): Promise<'raised' | 'escalated' | 'kept'> {
  const { rows } = await db.query<{ raised: number; escalated: number }>(
    `with existing as (
       select id, severity from alerts
        where source = $1 and status <> 'resolved' and created_at > now() - make_interval(secs => $5)
        order by id desc limit 1),
     escalated as (
       update alerts a set severity = $2, message = $3, notified_at = null from existing e
        where a.id = e.id and array_position(${LEVEL_ORDER}, e.severity) < array_position(${LEVEL_ORDER}, $2::text)
        returning a.id),
     raised as (
       insert into alerts (severity, source, message, organisation_id)
       select $2, $1, $3, $4::uuid where not exists (select 1 from existing)
       returning id)
     select (select count(*) from raised)::int as raised, (select count(*) from escalated)::int as escalated`,
    [alert.source, alert.severity, alert.message, alert.organisationId, windowSeconds],
  );
  return rows[0].raised ? 'raised' : rows[0].escalated ? 'escalated' : 'kept';
}

/** Raises an alert of a source that has at most one open alert (see alerts_one_open_m365_idx); false when one is open. */
export async function raiseUniqueAlert(db: Queryable, alert: NewAlert): Promise<boolean> {
  const { rows } = await db.query(
    `insert into alerts (severity, source, message, organisation_id) values ($1, $2, $3, $4::uuid) on conflict do nothing returning id`,
    [alert.severity, alert.source, alert.message, alert.organisationId],
  );
  return rows.length > 0;
}

/** The system resolves the open alerts of a source (the problem went away): no user is recorded. */
export async function resolveOpenAlertsOf(db: Queryable, source: string): Promise<number> {
  const { rows } = await db.query(
    `update alerts set status = 'resolved', resolved_at = now(), acknowledged = true, acknowledged_at = coalesce(acknowledged_at, now())
      where source = $1 and status <> 'resolved' returning id`,
    [source],
  );
  return rows.length;
}
