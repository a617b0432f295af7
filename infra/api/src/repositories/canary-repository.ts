import type { Queryable } from '@portal/db';

// remote_canaries (migration 231): at most one running canary per remote.

export type CanaryState = 'running' | 'promoted' | 'rolled_back' | 'replaced';

export interface Canary {
  id: number;
  name: string;
  version: string;
  stableVersion: string | null;
  percent: number;
  state: CanaryState;
  startedAt: string;
  startedBy: string;
  promoteAt: string | null;
  endedAt: string | null;
  endedBy: string | null;
  reason: string | null;
}

interface CanaryRow {
  id: number | string;
  name: string;
  version: string;
  stable_version: string | null;
  percent: number;
  state: CanaryState;
  started_at: Date;
  started_by: string;
  promote_at: Date | null;
  ended_at: Date | null;
  ended_by: string | null;
  reason: string | null;
}

const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);

function toCanary(row: CanaryRow): Canary {
  return {
    id: Number(row.id),
    name: row.name,
    version: row.version,
    stableVersion: row.stable_version,
    percent: row.percent,
    state: row.state,
    startedAt: new Date(row.started_at).toISOString(),
    startedBy: row.started_by,
    promoteAt: iso(row.promote_at),
    endedAt: iso(row.ended_at),
    endedBy: row.ended_by,
    reason: row.reason,
  };
}

export async function insertCanary(
  db: Queryable,
  input: { name: string; version: string; stableVersion: string | null; percent: number; startedBy: string; promoteAfterMinutes?: number },
): Promise<Canary> {
  const { rows } = await db.query<CanaryRow>(
    `insert into remote_canaries (name, version, stable_version, percent, started_by, promote_at)
     values ($1, $2, $3, $4, $5, case when $6::integer is null then null else now() + make_interval(mins => $6::integer) end)
     returning *`,
    [input.name, input.version, input.stableVersion, input.percent, input.startedBy, input.promoteAfterMinutes ?? null],
  );
  return toCanary(rows[0]);
}

/** Ends the running canary of `name` (if any) in `state`; returns it as it ended, or null. */
export async function endCanary(db: Queryable, name: string, state: Exclude<CanaryState, 'running'>, by: string, reason: string | null): Promise<Canary | null> {
  const { rows } = await db.query<CanaryRow>(
    `update remote_canaries set state = $2, ended_at = now(), ended_by = $3, reason = $4
      where name = $1 and state = 'running' returning *`,
    [name, state, by, reason],
  );
  return rows[0] ? toCanary(rows[0]) : null;
}

export async function runningCanaries(db: Queryable): Promise<Canary[]> {
  const { rows } = await db.query<CanaryRow>(`select * from remote_canaries where state = 'running' order by name`);
  return rows.map(toCanary);
}

/** The latest canary of each remote, running or ended (what /operator shows). */
export async function latestCanaries(db: Queryable): Promise<Canary[]> {
  const { rows } = await db.query<CanaryRow>(`select distinct on (name) * from remote_canaries order by name, id desc`);
  return rows.map(toCanary);
}

export interface VersionCounts {
  /** Users who loaded the version or reported it failing. */
  loads: number;
  /** Users who reported it failing. */
  failures: number;
}

/**
 * Browsers' reports on one version since `since`, counted by user: reports are any signed-in
 * user's to send, so one user (however many reports) weighs one, and cannot roll a canary back alone.
 */
export async function versionCounts(db: Queryable, name: string, version: string, since: string): Promise<VersionCounts> {
  const { rows } = await db.query<{ loads: number | string; failures: number | string }>(
    `with failed as (select distinct user_id from remote_failures where remote_name = $1 and version = $2 and at >= $3 and user_id is not null),
          loaded as (select distinct user_id from remote_loads where remote_name = $1 and version = $2 and at >= $3 and user_id is not null)
     select (select count(*) from (select user_id from failed union select user_id from loaded) u) as loads,
            (select count(*) from failed) as failures`,
    [name, version, since],
  );
  return { loads: Number(rows[0].loads), failures: Number(rows[0].failures) };
}

export async function dueCanaries(db: Queryable): Promise<Canary[]> {
  const { rows } = await db.query<CanaryRow>(`select * from remote_canaries where state = 'running' and promote_at <= now() order by name`);
  return rows.map(toCanary);
}
