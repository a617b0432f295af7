import crypto from 'node:crypto';
import { CANARY_FAILURE_MARGIN, CANARY_MIN_LOADS } from '@portal/config';
import type { RegistryEntry } from '@portal/contracts';
import type { Db, Queryable } from '@portal/db';
import type { RemoteStoreReader } from '../remotes/remote-store';
import { raiseUniqueAlert } from '../repositories/alerts-repository';
import { dueCanaries, endCanary, insertCanary, latestCanaries, runningCanaries, versionCounts, type Canary, type VersionCounts } from '../repositories/canary-repository';
import { listCurrentRemotes, listReleases, pointRemote } from '../repositories/registry-repository';
import { recordOperation } from '../repositories/remote-ops-repository';
import { auditPlatformEvent } from './platform-audit';
import { recordStoredRelease, RemoteOpsError, type Actor } from './remote-ops-service';

// Canary releases (issue 23). A canary is a published version served to `percent` of sessions
// (sticky: a session's share is drawn from a random value of its own, see assignCanaries) while the
// pointer, and so everyone else, stays on the current version. Browsers already report each
// version's loads and failures; the canary is rolled back by itself when its share of failed loads
// exceeds the current version's by CANARY_FAILURE_MARGIN over at least CANARY_MIN_LOADS loads.

/** Who ends a canary when nobody did: recorded as the actor of the automatic steps. */
export const CANARY_GUARD: Actor = { name: 'canary-guard', userId: null, ip: null };

function audit(db: Db, actor: Actor, action: string, canary: Pick<Canary, 'name' | 'version'>, detail: Record<string, unknown>) {
  return auditPlatformEvent(db, {
    actorId: actor.userId,
    actorName: actor.userId ? actor.name : `operator (${actor.name})`,
    action,
    target: `${canary.name}@${canary.version}`,
    ip: actor.ip,
    detail,
  });
}

export async function startCanary(
  db: Db,
  store: RemoteStoreReader,
  input: { name: string; version: string; percent: number; promoteAfterMinutes?: number; builtAt?: string | Date | null; gitCommit?: string | null },
  actor: Actor,
): Promise<Canary> {
  await recordStoredRelease(db, store, input);
  const stable = (await listCurrentRemotes(db)).find((r) => r.name === input.name)?.version ?? null;
  if (stable === input.version) throw new RemoteOpsError(409, `Version ${input.version} of ${input.name} is already live for everyone`);
  const canary = await db.transaction(async (tx) => {
    await endCanary(tx, input.name, 'replaced', actor.name, `replaced by a canary of ${input.version}`);
    return insertCanary(tx, { ...input, stableVersion: stable, startedBy: actor.name });
  });
  const detail = { percent: canary.percent, stableVersion: stable, promoteAt: canary.promoteAt };
  await recordOperation(db, { actor: actor.name, actorUserId: actor.userId, action: 'canary', name: input.name, version: input.version, fromVersion: stable, ip: actor.ip, detail });
  await audit(db, actor, 'remote.canary_started', canary, detail);
  return canary;
}

/** Makes the running canary of `name` the version for everyone (the pointer moves to it). */
export async function promoteCanary(db: Db, name: string, actor: Actor): Promise<Canary> {
  const canary = await endCanary(db, name, 'promoted', actor.name, null);
  if (!canary) throw new RemoteOpsError(409, `Remote ${name} has no running canary`);
  const pointer = await pointRemote(db, name, canary.version, actor.name);
  await recordOperation(db, { actor: actor.name, actorUserId: actor.userId, action: 'promote', name, version: canary.version, fromVersion: pointer.fromVersion, ip: actor.ip });
  await audit(db, actor, 'remote.canary_promoted', canary, { fromVersion: pointer.fromVersion });
  return canary;
}

/** Stops serving the canary: every session gets the current version; the canary is marked rolled back. */
export async function rollBackCanary(db: Db, name: string, actor: Actor, reason: string | null): Promise<Canary> {
  const canary = await endCanary(db, name, 'rolled_back', actor.name, reason);
  if (!canary) throw new RemoteOpsError(409, `Remote ${name} has no running canary`);
  // Like a version rolled back away from: never a fallback, never a plain rollback's target.
  await db.query('update remote_releases set rolled_back_at = now(), rolled_back_by = $3, rolled_back_reason = $4 where name = $1 and version = $2', [
    name,
    canary.version,
    actor.name,
    reason,
  ]);
  await recordOperation(db, {
    actor: actor.name,
    actorUserId: actor.userId,
    action: 'canary-rollback',
    name,
    version: canary.version,
    fromVersion: canary.stableVersion,
    ip: actor.ip,
    ...(reason ? { detail: { reason } } : {}),
  });
  await audit(db, actor, 'remote.canary_rolled_back', canary, { reason });
  return canary;
}

// `loads` counts every user who loaded the version or reported it failing (see versionCounts).
const attempts = (c: VersionCounts) => c.loads;
const failureRate = (c: VersionCounts) => (attempts(c) === 0 ? 0 : c.failures / attempts(c));

/** The rule, alone: why the canary must go, or null while it may stay. */
export function canaryVerdict(canary: VersionCounts, stable: VersionCounts): string | null {
  if (attempts(canary) < CANARY_MIN_LOADS) return null;
  const excess = failureRate(canary) - failureRate(stable);
  if (excess < CANARY_FAILURE_MARGIN) return null;
  const pct = (rate: number) => `${Math.round(rate * 100)}%`;
  return `${canary.failures} of ${attempts(canary)} loads failed (${pct(failureRate(canary))}) against ${pct(failureRate(stable))} of ${attempts(stable)} for the current version`;
}

export interface CanaryCounts {
  canary: VersionCounts;
  stable: VersionCounts;
}

async function countsOf(db: Queryable, canary: Canary): Promise<CanaryCounts> {
  return {
    canary: await versionCounts(db, canary.name, canary.version, canary.startedAt),
    stable: canary.stableVersion ? await versionCounts(db, canary.name, canary.stableVersion, canary.startedAt) : { loads: 0, failures: 0 },
  };
}

/**
 * After a browser reported on `version` of `name`: when that is a running canary that now fails
 * the rule, roll it back, raise an alert and say why. Returns the reason when it rolled back.
 */
export async function checkCanary(db: Db, name: string, version: string): Promise<string | null> {
  const canary = (await runningCanaries(db)).find((c) => c.name === name);
  if (!canary || (canary.version !== version && canary.stableVersion !== version)) return null;
  const counts = await countsOf(db, canary);
  const reason = canaryVerdict(counts.canary, counts.stable);
  if (!reason) return null;
  try {
    await rollBackCanary(db, name, CANARY_GUARD, `Rolled back by itself: ${reason}`);
  } catch (error) {
    if (error instanceof RemoteOpsError) return null; // ended meanwhile (another report, an operator)
    throw error;
  }
  await raiseUniqueAlert(db, {
    severity: 'error',
    source: `remote:${name}@${canary.version}:canary`,
    message: `The canary of remote ${name} version ${canary.version} (${canary.percent}% of sessions) was rolled back by itself: ${reason}.`,
    organisationId: null,
  });
  return reason;
}

/** Promotes the canaries whose promote-after time has come and that are still running (healthy). */
export async function promoteDueCanaries(db: Db): Promise<Canary[]> {
  const promoted: Canary[] = [];
  for (const due of await dueCanaries(db)) {
    try {
      promoted.push(await promoteCanary(db, due.name, { ...CANARY_GUARD, name: 'canary-schedule' }));
    } catch (error) {
      if (!(error instanceof RemoteOpsError)) throw error;
    }
  }
  return promoted;
}

/** The latest canary of each remote with the loads and failures it and the current version had since it started. */
export async function canaryStatuses(db: Db): Promise<(Canary & CanaryCounts)[]> {
  return Promise.all((await latestCanaries(db)).map(async (canary) => ({ ...canary, ...(await countsOf(db, canary)) })));
}

/** A session's draw for one canary, 0-99: the same session and canary always draw the same. */
export function canaryDraw(sessionSeed: string, canaryId: number): number {
  return crypto.createHash('sha256').update(`${sessionSeed}:${canaryId}`).digest().readUInt32BE(0) % 100;
}

/**
 * The registry one session sees: a remote whose running canary this session drew gets the canary
 * version, with the current version first among its fallbacks; everyone else sees the current
 * version, and the canary is in no one else's fallbacks.
 */
export function assignCanaries<E extends RegistryEntry>(entries: E[], canaries: (Canary & { entry: string; integrity: string })[], sessionSeed: string): E[] {
  return entries.map((entry) => {
    const canary = canaries.find((c) => c.name === entry.name && c.version !== entry.version);
    if (!canary) return entry;
    const others = (entry.fallbacks ?? []).filter((f) => f.version !== canary.version);
    if (canaryDraw(sessionSeed, canary.id) >= canary.percent) return { ...entry, fallbacks: others };
    const fallbacks = [{ version: entry.version, entry: entry.entry, integrity: entry.integrity }, ...others];
    return { ...entry, version: canary.version, entry: canary.entry, integrity: canary.integrity, fallbacks };
  });
}

/** Running canaries with their entry and integrity, as the registry serves them. */
export async function servedCanaries(db: Db): Promise<(Canary & { entry: string; integrity: string })[]> {
  const running = await runningCanaries(db);
  const served: (Canary & { entry: string; integrity: string })[] = [];
  for (const canary of running) {
    const release = (await listReleases(db, canary.name)).find((r) => r.version === canary.version);
    if (release) served.push({ ...canary, entry: release.entry, integrity: release.integrity });
  }
  return served;
}
