import type { Db } from '@portal/db';
import type { RemoteStoreReader } from '../remotes/remote-store';
import { recordOperation } from '../repositories/remote-ops-repository';
import {
  listCurrentRemotes,
  listPointerHistory,
  listReleases,
  pointRemote,
  pointRemoteBack,
  recordRelease,
  recordReleaseFiles,
  releasesWithoutFiles,
  type PointerChange,
  type PointerState,
  type Release,
} from '../repositories/registry-repository';
import { auditPlatformEvent } from './platform-audit';
import { liveTimes, previousLiveVersion } from './remote-history';

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
function auditRemoteChange(db: Db, actor: Actor, action: 'remote.deployed' | 'remote.rolled_back', name: string, version: string, fromVersion: string | null, reason: string | null = null) {
  return auditPlatformEvent(db, {
    actorId: actor.userId,
    actorName: actor.userId ? actor.name : `operator (${actor.name})`,
    action,
    target: `${name}@${version}`,
    ip: actor.ip,
    detail: reason ? { fromVersion, reason } : { fromVersion },
  });
}

async function knownRemoteNames(db: Db): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>('select distinct name from remote_releases order by name');
  return rows.map((r) => r.name);
}

/** Records a version folder that is in the store, with its entry and file hashes from the stored bytes. */
export async function recordStoredRelease(
  db: Db,
  store: RemoteStoreReader,
  input: { name: string; version: string; builtAt?: string | Date | null; gitCommit?: string | null },
): Promise<Release> {
  const stored = await store.inspect(input.name, input.version);
  if (!stored) {
    throw new RemoteOpsError(404, `Version ${input.version} of remote ${input.name} is not in the remote store`);
  }
  try {
    return await recordRelease(db, {
      name: input.name,
      version: input.version,
      entry: stored.entry,
      integrity: stored.integrity,
      files: stored.files,
      builtAt: input.builtAt ?? stored.builtAt,
      gitCommit: input.gitCommit ?? null,
    });
  } catch (error) {
    throw new RemoteOpsError(409, (error as Error).message);
  }
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
  const release = await recordStoredRelease(db, store, input);
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

/**
 * Versions published before their scripts were hashed get the hashes now, from the store, when the
 * entry there still hashes as recorded. Any other is left without: its chunks then fail closed.
 * Returns the versions that could not be completed.
 */
export async function recordMissingReleaseFiles(db: Db, store: RemoteStoreReader): Promise<string[]> {
  const missing: string[] = [];
  for (const release of await releasesWithoutFiles(db)) {
    const stored = await store.inspect(release.name, release.version);
    if (stored && stored.integrity === release.integrity) await recordReleaseFiles(db, release.name, release.version, stored.files);
    else missing.push(`${release.name}@${release.version}`);
  }
  return missing;
}

const rolledBackVersions = (releases: Release[]) => new Set(releases.filter((r) => r.rolledBack).map((r) => r.version));

/** Where a plain rollback of the remote would go now (null: nowhere). */
export function rollbackTargetOf(state: PointerState): string | null {
  return previousLiveVersion(state.history, state.current, rolledBackVersions(state.releases));
}

/**
 * Rollback = move the pointer back to the version that was live before the current one (see
 * previousLiveVersion), or to `to` when the operator names one. The version left is marked as
 * rolled back away from, with who, when and `reason`, so no later plain rollback returns to it.
 */
export async function rollbackRemote(db: Db, name: string, to: string | undefined, actor: Actor, reason: string | null = null): Promise<RemoteOpResult> {
  const releases = await listReleases(db, name);
  if (releases.length === 0) {
    const known = await knownRemoteNames(db);
    throw new RemoteOpsError(404, `Unknown remote "${name}". Known remotes: ${known.join(', ') || 'none'}`);
  }
  const pointer = await pointRemoteBack(db, name, actor.name, reason, (state) => {
    if (to) {
      if (!state.releases.some((r) => r.version === to)) {
        throw new RemoteOpsError(404, `Remote ${name} has no version ${to}. Versions: ${state.releases.map((r) => r.version).join(', ')}`);
      }
      if (to === state.current) throw new RemoteOpsError(409, `Version ${to} of remote ${name} is already current`);
      return to;
    }
    const target = rollbackTargetOf(state);
    if (!target) {
      throw new RemoteOpsError(409, `Remote ${name} has no version that was live before ${state.current ?? 'now'} and was not rolled back; name one with --to`);
    }
    return target;
  });
  const release = (await listReleases(db, name)).find((r) => r.version === pointer.toVersion)!;
  await recordOperation(db, {
    actor: actor.name,
    actorUserId: actor.userId,
    action: 'rollback',
    name,
    version: pointer.toVersion,
    fromVersion: pointer.fromVersion,
    ip: actor.ip,
    ...(reason ? { detail: { reason } } : {}),
  });
  await auditRemoteChange(db, actor, 'remote.rolled_back', name, pointer.toVersion, pointer.fromVersion, reason);
  return { name, release, pointer };
}

export interface ReleaseStatus extends Release {
  /** Whether the version was ever the current one, and for how long in all (seconds). */
  everLive: boolean;
  liveSeconds: number;
}

export interface RemoteStatus {
  name: string;
  current: string | null;
  /** Where a rollback without a named version goes now; null when there is nowhere to go. */
  rollbackTarget: string | null;
  releases: ReleaseStatus[];
  history: PointerChange[];
}

export async function listRemoteStatus(db: Db, now: Date = new Date()): Promise<RemoteStatus[]> {
  const current = new Map((await listCurrentRemotes(db)).map((r) => [r.name, r.version]));
  const result: RemoteStatus[] = [];
  for (const name of await knownRemoteNames(db)) {
    const releases = await listReleases(db, name);
    const history = await listPointerHistory(db, name);
    const times = liveTimes(history, now);
    const state = { current: current.get(name) ?? null, releases, history };
    result.push({
      name,
      current: state.current,
      rollbackTarget: rollbackTargetOf(state),
      releases: releases.map((release) => ({ ...release, everLive: times.has(release.version), liveSeconds: Math.round(times.get(release.version)?.seconds ?? 0) })),
      history,
    });
  }
  return result;
}
