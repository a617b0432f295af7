import type { Db } from '../db/database';
import type { RemoteStoreReader } from '../remotes/remote-store';
import { recordOperation } from '../repositories/remote-ops-repository';
import {
  listCurrentRemotes,
  listPointerHistory,
  listReleases,
  pointRemote,
  recordRelease,
  type PointerChange,
  type Release,
} from '../repositories/registry-repository';
import { auditPlatformEvent } from './platform-audit';

/** A refusal whose message is meant for the operator (unknown remote or version, missing folder). */
export class RemoteOpsError extends Error {
  constructor(
    readonly statusCode: 400 | 404 | 409,
    message: string,
  ) {
    super(message);
  }
}

export interface Actor {
  /** Username, or 'cli:<os user>' for the CLI writing to the database directly. */
  name: string;
  userId: string | null;
  ip: string | null;
}

export interface RemoteOpResult {
  name: string;
  release: Release;
  pointer: PointerChange;
}

/** Deploys and rollbacks also go to the tamper-evident audit log; the CLI (no user) shows as the operator. */
function auditRemoteChange(db: Db, actor: Actor, action: 'remote.deployed' | 'remote.rolled_back', name: string, version: string, fromVersion: string | null) {
  return auditPlatformEvent(db, {
    actorId: actor.userId,
    actorName: actor.userId ? actor.name : `operator (${actor.name})`,
    action,
    target: `${name}@${version}`,
    ip: actor.ip,
    detail: { fromVersion },
  });
}

async function knownRemoteNames(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>('select distinct name from remote_releases order by name');
  return rows.map((r) => r.name);
}

/**
 * Publish = record a version folder that is already in the store, then move the pointer to it.
 * The entry and integrity come from the stored bytes, never from the caller.
 */
export async function publishVersion(
  db: Db,
  store: RemoteStoreReader,
  input: { name: string; version: string; builtAt?: string | Date | null; gitCommit?: string | null },
  actor: Actor,
): Promise<RemoteOpResult> {
  const stored = await store.inspect(input.name, input.version);
  if (!stored) {
    throw new RemoteOpsError(404, `Version ${input.version} of remote ${input.name} is not in the remote store`);
  }
  let release: Release;
  try {
    release = await recordRelease(db, {
      name: input.name,
      version: input.version,
      entry: stored.entry,
      integrity: stored.integrity,
      builtAt: input.builtAt ?? stored.builtAt,
      gitCommit: input.gitCommit ?? null,
    });
  } catch (error) {
    throw new RemoteOpsError(409, (error as Error).message);
  }
  const pointer = await pointRemote(db, input.name, input.version, actor.name);
  await recordOperation(db, {
    actor: actor.name,
    actorUserId: actor.userId,
    action: 'publish',
    name: input.name,
    version: input.version,
    fromVersion: pointer.fromVersion,
    ip: actor.ip,
    detail: { integrity: release.integrity, gitCommit: release.gitCommit },
  });
  await auditRemoteChange(db, actor, 'remote.deployed', input.name, input.version, pointer.fromVersion);
  return { name: input.name, release, pointer };
}

/** Rollback = move the pointer to `to`, or to the release published just before the current one. */
export async function rollbackRemote(db: Db, name: string, to: string | undefined, actor: Actor): Promise<RemoteOpResult> {
  const releases = await listReleases(db, name);
  if (releases.length === 0) {
    const known = await knownRemoteNames(db);
    throw new RemoteOpsError(404, `Unknown remote "${name}". Known remotes: ${known.join(', ') || 'none'}`);
  }
  const current = (await listCurrentRemotes(db)).find((r) => r.name === name)?.version ?? null;
  let target: Release | undefined;
  if (to) {
    target = releases.find((r) => r.version === to);
    if (!target) {
      throw new RemoteOpsError(404, `Remote ${name} has no version ${to}. Versions: ${releases.map((r) => r.version).join(', ')}`);
    }
    if (to === current) throw new RemoteOpsError(409, `Version ${to} of remote ${name} is already current`);
  } else {
    // releases are newest first: the previous version is the next one after the current.
    const index = releases.findIndex((r) => r.version === current);
    target = index >= 0 ? releases[index + 1] : releases[0];
    if (!target) throw new RemoteOpsError(409, `Remote ${name} has no version before ${current} to roll back to`);
  }
  const pointer = await pointRemote(db, name, target.version, actor.name);
  await recordOperation(db, {
    actor: actor.name,
    actorUserId: actor.userId,
    action: 'rollback',
    name,
    version: target.version,
    fromVersion: pointer.fromVersion,
    ip: actor.ip,
  });
  await auditRemoteChange(db, actor, 'remote.rolled_back', name, target.version, pointer.fromVersion);
  return { name, release: target, pointer };
}

export interface RemoteStatus {
  name: string;
  current: string | null;
  releases: Release[];
  history: PointerChange[];
}

export async function listRemoteStatus(db: Db): Promise<RemoteStatus[]> {
  const current = new Map((await listCurrentRemotes(db)).map((r) => [r.name, r.version]));
  const result: RemoteStatus[] = [];
  for (const name of await knownRemoteNames(db)) {
    result.push({
      name,
      current: current.get(name) ?? null,
      releases: await listReleases(db, name),
      history: await listPointerHistory(db, name),
    });
  }
  return result;
}
