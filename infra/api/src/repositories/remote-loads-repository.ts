import type { Queryable } from '@portal/db';

// remote_loads (migration 080): browsers' success reports, the counterpart of remote_failures.

export async function recordRemoteLoad(db: Queryable, load: { name: string; version: string; ms: number; userId: string }): Promise<void> {
  await db.query('insert into remote_loads (remote_name, version, ms, user_id) values ($1, $2, $3, $4)', [load.name, load.version, load.ms, load.userId]);
}

export interface RemoteLoadStats {
  loads: number;
  failures: number;
  lastFailure: { message: string; at: string } | null;
}

/** Loads and failures of one version over the last `hours`, plus its latest failure (any time). */
export async function remoteLoadStats(db: Queryable, name: string, version: string, hours = 24): Promise<RemoteLoadStats> {
  const { rows } = await db.query<{ loads: number | string; failures: number | string; message: string | null; at: Date | null }>(
    `select (select count(*) from remote_loads where remote_name = $1 and version = $2 and at > clock_timestamp() - make_interval(hours => $3)) as loads,
            (select count(*) from remote_failures where remote_name = $1 and version = $2 and at > clock_timestamp() - make_interval(hours => $3)) as failures,
            f.message, f.at
       from (select 1) one
       left join lateral (select message, at from remote_failures where remote_name = $1 and version = $2 order by at desc, id desc limit 1) f on true`,
    [name, version, hours],
  );
  const row = rows[0];
  return {
    loads: Number(row.loads),
    failures: Number(row.failures),
    lastFailure: row.message === null || row.at === null ? null : { message: row.message, at: new Date(row.at).toISOString() },
  };
}
