import { remoteReleaseSchema } from '@portal/contracts';
import type { Db, Queryable } from '@portal/db';
import type { FileIntegrity } from '../remotes/remote-store';

export interface ReleaseInput {
  name: string;
  version: string;
  entry: string;
  integrity: string;
  builtAt?: Date | string | null;
  gitCommit?: string | null;
  /** The SRI hash of each script in the version folder (see remote-store.ts). */
  files?: FileIntegrity;
}

export interface RollbackMark {
  at: string;
  by: string;
  reason: string | null;
}

export interface Release {
  name: string;
  version: string;
  entry: string;
  integrity: string;
  builtAt: string | null;
  gitCommit: string | null;
  publishedAt: string;
  /** Set while the version stands rolled back away from; cleared when it goes live again. */
  rolledBack: RollbackMark | null;
}

export interface CurrentRemote {
  name: string;
  version: string;
  entry: string;
  integrity: string;
  publishedAt: string;
}

export type PointerKind = 'deploy' | 'rollback';

export interface PointerChange {
  name: string;
  fromVersion: string | null;
  toVersion: string;
  at: string;
  actor: string;
  kind: PointerKind;
  reason: string | null;
}

interface ReleaseRow {
  name: string;
  version: string;
  entry: string;
  integrity: string;
  built_at: Date | null;
  git_commit: string | null;
  published_at: Date;
  rolled_back_at: Date | null;
  rolled_back_by: string | null;
  rolled_back_reason: string | null;
}

const RELEASE_COLUMNS = 'name, version, entry, integrity, built_at, git_commit, published_at, rolled_back_at, rolled_back_by, rolled_back_reason';

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
    rolledBack: row.rolled_back_at ? { at: iso(row.rolled_back_at), by: row.rolled_back_by ?? '', reason: row.rolled_back_reason } : null,
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
    `select ${RELEASE_COLUMNS} from remote_releases where name = $1 and version = $2`,
    [input.name, input.version],
  );
  const stored = toRelease(rows[0]);
  if (stored.entry !== input.entry || stored.integrity !== input.integrity) {
    throw new RegistryError(`Release ${input.name}@${input.version} is already recorded with a different entry or integrity`);
  }
  if (input.files) await recordReleaseFiles(db, input.name, input.version, input.files);
  return stored;
}

const sameFiles = (a: FileIntegrity, b: FileIntegrity) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([file, hash]) => b[file] === hash);

/**
 * Records the hashes of a version's scripts once (a version published before they were kept gets
 * them now); a version whose files no longer hash the same is refused: its folder was changed.
 */
export async function recordReleaseFiles(db: Queryable, name: string, version: string, files: FileIntegrity): Promise<void> {
  await db.query(`update remote_releases set files = $3::jsonb where name = $1 and version = $2 and files is null`, [name, version, JSON.stringify(files)]);
  const recorded = await releaseFiles(db, name, version);
  if (!recorded || !sameFiles(recorded, files)) {
    throw new RegistryError(`Release ${name}@${version} is already recorded with different files: its folder in the store was changed`);
  }
}

/** The recorded SRI hash of each script of a version, or null (unknown version, or not recorded yet). */
export async function releaseFiles(db: Queryable, name: string, version: string): Promise<FileIntegrity | null> {
  const { rows } = await db.query<{ files: FileIntegrity | string | null }>(`select files from remote_releases where name = $1 and version = $2`, [name, version]);
  const files = rows[0]?.files;
  if (files === undefined || files === null) return null;
  return typeof files === 'string' ? (JSON.parse(files) as FileIntegrity) : files;
}

/** Versions whose script hashes are not recorded yet (published before they were kept). */
export async function releasesWithoutFiles(db: Queryable): Promise<{ name: string; version: string; integrity: string }[]> {
  const { rows } = await db.query<{ name: string; version: string; integrity: string }>(
    `select name, version, integrity from remote_releases where files is null order by name, version`,
  );
  return rows;
}

export interface MoveOptions {
  kind: PointerKind;
  reason?: string | null;
}

/** The remote's current version, with its pointer row locked: concurrent moves of one remote queue up. */
async function lockPointer(tx: Queryable, name: string): Promise<string | null> {
  // Row lock (or, for a first deploy, the primary key) serialises concurrent moves of one remote.
  const { rows } = await tx.query<{ version: string }>('select version from remote_pointers where name = $1 for update', [name]);
  return rows[0]?.version ?? null;
}

async function movePointer(tx: Queryable, name: string, fromVersion: string | null, version: string, actor: string, options: MoveOptions): Promise<PointerChange> {
  const release = await tx.query('select 1 from remote_releases where name = $1 and version = $2', [name, version]);
  if (release.rows.length === 0) throw new RegistryError(`Release ${name}@${version} is not recorded`);
  const reason = options.reason ?? null;
  await tx.query(
    `insert into remote_pointers (name, version, updated_at) values ($1, $2, now())
     on conflict (name) do update set version = excluded.version, updated_at = excluded.updated_at`,
    [name, version],
  );
  if (options.kind === 'rollback' && fromVersion && fromVersion !== version) {
    await tx.query(
      'update remote_releases set rolled_back_at = now(), rolled_back_by = $3, rolled_back_reason = $4 where name = $1 and version = $2',
      [name, fromVersion, actor, reason],
    );
  }
  // Going live again (a deploy, or a rollback that names it) is an operator's word that it is good.
  await tx.query('update remote_releases set rolled_back_at = null, rolled_back_by = null, rolled_back_reason = null where name = $1 and version = $2', [name, version]);
  const { rows } = await tx.query<{ at: Date }>(
    'insert into remote_pointer_history (name, from_version, to_version, actor, kind, reason) values ($1, $2, $3, $4, $5, $6) returning at',
    [name, fromVersion, version, actor, options.kind, reason],
  );
  return { name, fromVersion, toVersion: version, at: iso(rows[0].at), actor, kind: options.kind, reason };
}

/** Moves the remote's pointer to a recorded version and writes the history. */
export async function pointRemote(db: Db, name: string, version: string, actor: string, options: MoveOptions = { kind: 'deploy' }): Promise<PointerChange> {
  return db.transaction(async (tx) => movePointer(tx, name, await lockPointer(tx, name), version, actor, options));
}

export interface PointerState {
  current: string | null;
  releases: Release[];
  history: PointerChange[];
}

/**
 * Rolls the pointer back to the version `choose` picks from the state it sees under the remote's
 * lock, so two operators rolling back at once walk back two steps rather than both taking one.
 */
export async function pointRemoteBack(db: Db, name: string, actor: string, reason: string | null, choose: (state: PointerState) => string): Promise<PointerChange> {
  return db.transaction(async (tx) => {
    const current = await lockPointer(tx, name);
    const version = choose({ current, releases: await listReleases(tx, name), history: await listPointerHistory(tx, name) });
    return movePointer(tx, name, current, version, actor, { kind: 'rollback', reason });
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
    `select ${RELEASE_COLUMNS} from remote_releases where name = $1 order by published_at desc, version desc`,
    [name],
  );
  return rows.map(toRelease);
}

export async function listPointerHistory(db: Queryable, name: string): Promise<PointerChange[]> {
  const { rows } = await db.query<{ name: string; from_version: string | null; to_version: string; at: Date; actor: string; kind: PointerKind; reason: string | null }>(
    'select name, from_version, to_version, at, actor, kind, reason from remote_pointer_history where name = $1 order by id',
    [name],
  );
  return rows.map((row) => ({
    name: row.name,
    fromVersion: row.from_version,
    toVersion: row.to_version,
    at: iso(row.at),
    actor: row.actor,
    kind: row.kind,
    reason: row.reason,
  }));
}
