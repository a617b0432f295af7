import { remoteReleaseSchema } from '@portal/contracts';
import type { Db, Queryable } from '../db/database';

export interface ReleaseInput {
  name: string;
  version: string;
  entry: string;
  integrity: string;
  builtAt?: Date | string | null;
  gitCommit?: string | null;
}

export interface Release {
  name: string;
  version: string;
  entry: string;
  integrity: string;
  builtAt: string | null;
  gitCommit: string | null;
  publishedAt: string;
}

export interface CurrentRemote {
  name: string;
  version: string;
  entry: string;
  integrity: string;
  publishedAt: string;
}

export interface PointerChange {
  name: string;
  fromVersion: string | null;
  toVersion: string;
  at: string;
  actor: string;
}

interface ReleaseRow {
  name: string;
  version: string;
  entry: string;
  integrity: string;
  built_at: Date | null;
  git_commit: string | null;
  published_at: Date;
}

const iso = (value: Date | string) => new Date(value).toISOString();

function toRelease(row: ReleaseRow): Release {
  return {
    name: row.name,
    version: row.version,
    entry: row.entry,
    integrity: row.integrity,
    builtAt: row.built_at ? iso(row.built_at) : null,
    gitCommit: row.git_commit,
    publishedAt: iso(row.published_at),
  };
}

export class RegistryError extends Error {}

/**
 * Records a published remote version. Versions are immutable: recording the same name+version
 * again is a no-op, but recording it with a different entry or integrity is refused, because
 * browsers may already hold the first one under an immutable cache header.
 */
export async function recordRelease(db: Queryable, input: ReleaseInput): Promise<Release> {
  const valid = remoteReleaseSchema.safeParse(input);
  if (!valid.success) throw new RegistryError(`Invalid release: ${valid.error.issues.map((i) => i.message).join('; ')}`);
  const builtAt = input.builtAt ? new Date(input.builtAt).toISOString() : null;
  await db.query(
    `insert into remote_releases (name, version, entry, integrity, built_at, git_commit)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (name, version) do nothing`,
    [input.name, input.version, input.entry, input.integrity, builtAt, input.gitCommit ?? null],
  );
  const { rows } = await db.query<ReleaseRow>(
    'select name, version, entry, integrity, built_at, git_commit, published_at from remote_releases where name = $1 and version = $2',
    [input.name, input.version],
  );
  const stored = toRelease(rows[0]);
  if (stored.entry !== input.entry || stored.integrity !== input.integrity) {
    throw new RegistryError(`Release ${input.name}@${input.version} is already recorded with a different entry or integrity`);
  }
  return stored;
}

/** Moves the remote's pointer to a recorded version (deploy or rollback) and writes the history. */
export async function pointRemote(db: Db, name: string, version: string, actor: string): Promise<PointerChange> {
  return db.transaction(async (tx) => {
    const release = await tx.query('select 1 from remote_releases where name = $1 and version = $2', [name, version]);
    if (release.rows.length === 0) throw new RegistryError(`Release ${name}@${version} is not recorded`);
    // Row lock (or, for a first deploy, the primary key) serialises concurrent moves of one remote.
    const current = await tx.query<{ version: string }>('select version from remote_pointers where name = $1 for update', [name]);
    const fromVersion = current.rows[0]?.version ?? null;
    await tx.query(
      `insert into remote_pointers (name, version, updated_at) values ($1, $2, now())
       on conflict (name) do update set version = excluded.version, updated_at = excluded.updated_at`,
      [name, version],
    );
    const { rows } = await tx.query<{ at: Date }>(
      'insert into remote_pointer_history (name, from_version, to_version, actor) values ($1, $2, $3, $4) returning at',
      [name, fromVersion, version, actor],
    );
    return { name, fromVersion, toVersion: version, at: iso(rows[0].at), actor };
  });
}

/** The versions the host should load now, one per remote. */
export async function listCurrentRemotes(db: Queryable): Promise<CurrentRemote[]> {
  const { rows } = await db.query<{ name: string; version: string; entry: string; integrity: string; published_at: Date }>(
    `select p.name, p.version, r.entry, r.integrity, r.published_at
     from remote_pointers p join remote_releases r on r.name = p.name and r.version = p.version
     order by p.name`,
  );
  return rows.map((row) => ({
    name: row.name,
    version: row.version,
    entry: row.entry,
    integrity: row.integrity,
    publishedAt: iso(row.published_at),
  }));
}

export async function listReleases(db: Queryable, name: string): Promise<Release[]> {
  const { rows } = await db.query<ReleaseRow>(
    `select name, version, entry, integrity, built_at, git_commit, published_at
     from remote_releases where name = $1 order by published_at desc, version desc`,
    [name],
  );
  return rows.map(toRelease);
}

export async function listPointerHistory(db: Queryable, name: string): Promise<PointerChange[]> {
  const { rows } = await db.query<{ name: string; from_version: string | null; to_version: string; at: Date; actor: string }>(
    'select name, from_version, to_version, at, actor from remote_pointer_history where name = $1 order by id',
    [name],
  );
  return rows.map((row) => ({ name: row.name, fromVersion: row.from_version, toVersion: row.to_version, at: iso(row.at), actor: row.actor }));
}
