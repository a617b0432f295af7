import type { RegistryEntry, RegistryFallback } from '@portal/contracts';
import type { Queryable } from '@portal/db';

const iso = (value: Date | string) => new Date(value).toISOString();

export interface OperationInput {
  actor: string;
  actorUserId: string | null;
  action: 'publish' | 'rollback' | 'canary' | 'promote' | 'canary-rollback';
  name: string;
  version: string;
  fromVersion: string | null;
  ip: string | null;
  detail?: Record<string, unknown>;
}

export interface Operation {
  at: string;
  actor: string;
  action: string;
  name: string;
  version: string;
  fromVersion: string | null;
  ip: string | null;
}

export async function recordOperation(db: Queryable, op: OperationInput): Promise<void> {
  await db.query(
    `insert into remote_operations (actor, actor_user_id, action, remote_name, version, from_version, ip, detail)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [op.actor, op.actorUserId, op.action, op.name, op.version, op.fromVersion, op.ip, JSON.stringify(op.detail ?? {})],
  );
}

export async function listOperations(db: Queryable, limit = 200): Promise<Operation[]> {
  const { rows } = await db.query<{
    at: Date;
    actor: string;
    action: string;
    remote_name: string;
    version: string;
    from_version: string | null;
    ip: string | null;
  }>(
    'select at, actor, action, remote_name, version, from_version, ip from remote_operations order by id desc limit $1',
    [limit],
  );
  return rows.map((r) => ({
    at: iso(r.at),
    actor: r.actor,
    action: r.action,
    name: r.remote_name,
    version: r.version,
    fromVersion: r.from_version,
    ip: r.ip,
  }));
}

export async function usernameOf(db: Queryable, userId: string): Promise<string | null> {
  const { rows } = await db.query<{ username: string }>('select username from users where id = $1', [userId]);
  return rows[0]?.username ?? null;
}

export interface FailureInput {
  name: string;
  version: string;
  kind: string;
  message: string;
  userId: string | null;
  ip: string | null;
  userAgent: string | null;
}

/**
 * Records a browser's failure report and raises an alert for operators. Many browsers report the
 * same broken version: while an alert for it is still open, no new one is raised.
 */
export async function recordFailure(db: Queryable, failure: FailureInput): Promise<{ alertId: number | null }> {
  await db.query(
    `insert into remote_failures (remote_name, version, kind, message, user_id, ip, user_agent)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [failure.name, failure.version, failure.kind, failure.message, failure.userId, failure.ip, failure.userAgent],
  );
  const source = `remote:${failure.name}@${failure.version}:${failure.kind}`;
  const open = await db.query<{ id: number }>('select id from alerts where source = $1 and not acknowledged limit 1', [source]);
  if (open.rows.length > 0) return { alertId: null };
  const what = failure.kind === 'render' ? 'threw while rendering' : failure.kind === 'integrity' ? 'failed its integrity check' : 'failed to load';
  const { rows } = await db.query<{ id: number }>(
    `insert into alerts (severity, source, message) values ('error', $1, $2) returning id`,
    [source, `Remote ${failure.name} version ${failure.version} ${what} in a browser: ${failure.message}`.slice(0, 2000)],
  );
  return { alertId: Number(rows[0].id) };
}

/** A /remotes.json entry, always with its fallbacks (the shape is @portal/contracts' registryEntrySchema). */
export type RegistryEntryWithFallbacks = RegistryEntry & { fallbacks: RegistryFallback[] };

/**
 * /remotes.json: the current version of each remote plus its most recent earlier versions, so a
 * browser can fall back to one it ran well, with the integrity still coming from the server. A
 * version operators rolled back away from is never offered as a fallback.
 */
export async function listRegistryWithFallbacks(db: Queryable, fallbackCount = 3): Promise<RegistryEntryWithFallbacks[]> {
  const { rows } = await db.query<{
    name: string;
    version: string;
    entry: string;
    integrity: string;
    current: string;
    rank: number;
  }>(
    `select r.name, r.version, r.entry, r.integrity, p.version as current,
            row_number() over (partition by r.name order by (r.version = p.version) desc, r.published_at desc, r.version desc) as rank
     from remote_pointers p join remote_releases r on r.name = p.name
     where r.version = p.version or r.rolled_back_at is null
     order by r.name, rank`,
  );
  const byName = new Map<string, RegistryEntryWithFallbacks>();
  for (const row of rows) {
    if (row.version === row.current) {
      byName.set(row.name, { name: row.name, version: row.version, entry: row.entry, integrity: row.integrity, fallbacks: [] });
      continue;
    }
    const current = byName.get(row.name);
    if (current && current.fallbacks.length < fallbackCount) {
      current.fallbacks.push({ version: row.version, entry: row.entry, integrity: row.integrity });
    }
  }
  return [...byName.values()];
}

export async function listRemoteAlerts(db: Queryable): Promise<{ id: number; severity: string; source: string; message: string; createdAt: string; acknowledged: boolean }[]> {
  const { rows } = await db.query<{ id: number; severity: string; source: string; message: string; created_at: Date; acknowledged: boolean }>(
    "select id, severity, source, message, created_at, acknowledged from alerts where source like 'remote:%' order by id desc limit 200",
  );
  return rows.map((r) => ({ id: Number(r.id), severity: r.severity, source: r.source, message: r.message, createdAt: iso(r.created_at), acknowledged: r.acknowledged }));
}
