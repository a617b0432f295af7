import type { SessionCache } from './session-cache';

export interface UserReadCacheOptions {
  /** Safety net: a value is read again after this long whatever happened (default 60 s). */
  maxAgeMs?: number;
  /** Users kept; the oldest go first (default 10,000). */
  maxEntries?: number;
  now?: () => number;
}

interface Entry<T> {
  value: T;
  storedAt: number;
}

/**
 * One read about a user (their profile, say) kept per user in this process, on the session cache's
 * terms: the same change notifications evict it (any change of the user's row, or of an
 * organisation, which evicts everyone: migration 260), a read that an eviction overtook is not kept,
 * and nothing is kept or served while notifications cannot arrive. So a hit answers what the
 * database would have answered at the start of the request.
 */
export class UserReadCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(
    private readonly sessions: SessionCache,
    options: UserReadCacheOptions = {},
  ) {
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
    sessions.onEvict((userId) => (userId === null ? this.entries.clear() : this.entries.delete(userId)));
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value read by `load`, from this cache when it can be; undefined (nothing found) is never kept. */
  async read(userId: string, load: () => Promise<T | undefined>): Promise<T | undefined> {
    if (this.get(userId) !== undefined) {
      // A change committed before this request, by any process, is evicted once settled.
      await this.sessions.settle();
      const hit = this.get(userId);
      if (hit !== undefined) return hit;
    }
    const ticket = this.sessions.ticket();
    const value = await load();
    if (value !== undefined && this.sessions.isCurrent(ticket, userId)) {
      this.entries.delete(userId);
      this.entries.set(userId, { value, storedAt: this.now() });
      while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value!);
    }
    return value;
  }

  private get(userId: string): T | undefined {
    if (!this.sessions.enabled) return undefined;
    const entry = this.entries.get(userId);
    if (!entry) return undefined;
    if (this.now() - entry.storedAt >= this.maxAgeMs) {
      this.entries.delete(userId);
      return undefined;
    }
    return entry.value;
  }
}
