import type { PointerChange } from '../repositories/registry-repository';

/**
 * The version a plain rollback returns to: walking the pointer history back from the newest move,
 * the first version that was live and is neither the current one nor one rolled back away from.
 * Repeated rollbacks therefore walk back through what was live, in order.
 */
export function previousLiveVersion(history: readonly PointerChange[], current: string | null, rolledBack: ReadonlySet<string>): string | null {
  for (let i = history.length - 1; i >= 0; i -= 1) {
    const version = history[i].toVersion;
    if (version !== current && !rolledBack.has(version)) return version;
  }
  return null;
}

export interface LiveTime {
  /** Total time the version was the current one, over every period it was. */
  seconds: number;
  /** When it last became current. */
  lastLiveAt: string;
}

/** How long each version was live, from the pointer history; the current period runs until `now`. */
export function liveTimes(history: readonly PointerChange[], now: Date = new Date()): Map<string, LiveTime> {
  const times = new Map<string, LiveTime>();
  history.forEach((change, index) => {
    const start = Date.parse(change.at);
    const end = index + 1 < history.length ? Date.parse(history[index + 1].at) : now.getTime();
    const before = times.get(change.toVersion)?.seconds ?? 0;
    times.set(change.toVersion, { seconds: before + Math.max(0, (end - start) / 1000), lastLiveAt: change.at });
  });
  return times;
}
