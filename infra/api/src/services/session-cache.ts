import {
  SESSION_IDLE_TIMEOUT_SECONDS,
  SESSION_TOUCH_INTERVAL_SECONDS,
  type ActiveSession,
} from '../repositories/sessions-repository';

/**
 * Verified sessions of this process, so an authenticated request need not read the session and its
 * user again. What is kept is exactly what findActiveSession returned, with the row's expiry and
 * last use; the time rules of that query (absolute expiry, idle timeout, touch interval) are applied
 * here on the database's clock, so a hit answers what the query would have answered.
 *
 * Correctness rests on invalidation, not on the age limit: every change of a session or user row
 * notifies every API process (migration 190, session-change-listener.ts), which evicts that user's
 * entries. While notifications cannot arrive (`setConnected(false)`) the cache is empty and bypassed.
 */
export interface SessionCacheOptions {
  /** Safety net: an entry is re-read after this long whatever happened (default 60 s). */
  maxAgeMs?: number;
  /** Entries kept; the oldest go first (default 10,000). */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  session: ActiveSession;
  /** The database's clock minus ours when the row was read, so the time rules use the database's time. */
  clockOffsetMs: number;
  storedAt: number;
}

/**
 * Taken before a read and given back to `store`: a read that an eviction overtook is not kept, and
 * the local time before the read makes the clock offset err towards expiring early, never late.
 */
export interface ReadTicket {
  seq: number;
  at: number;
}

// Bounds the per-user eviction marks; past it every read in flight is simply not kept.
const MAX_EVICTION_MARKS = 10_000;

export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private readonly keysByUser = new Map<string, Set<string>>();
  /** Bumped by every eviction; a read stamped before a user's last eviction may be stale. */
  private seq = 0;
  private readonly evictedAt = new Map<string, number>();
  /** Reads stamped before this are never kept (after a clear, or while notifications were off). */
  private floor = 0;
  private connected = false;
  private readonly evictListeners: Array<(userId: string | null) => void> = [];
  private readonly maxAgeMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  /**
   * Resolves once every change committed before the call has been evicted. PGlite notifies with the
   * changing statement's result, so there is nothing to wait for; PostgreSQL notifies on another
   * connection, possibly later than another process answers: the listener's round trip (shared by
   * the requests waiting at once) closes that gap.
   */
  settle: () => Promise<void> = () => Promise.resolve();

  constructor(options: SessionCacheOptions = {}) {
    this.maxAgeMs = options.maxAgeMs ?? 60_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get enabled(): boolean {
    return this.connected;
  }

  /** The cached answer of findActiveSession, or undefined when the database must be asked. */
  get(sessionId: string, userId: string): ActiveSession | undefined {
    if (!this.connected) return undefined;
    const key = keyOf(sessionId, userId);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const now = this.now();
    const dbNow = now + entry.clockOffsetMs;
    const { expiresAt, lastSeenAt } = entry.session;
    const usable =
      now - entry.storedAt < this.maxAgeMs &&
      expiresAt.getTime() > dbNow &&
      lastSeenAt.getTime() > dbNow - SESSION_IDLE_TIMEOUT_SECONDS * 1000;
    // A session due for its touch goes back to the database, which touches it (and notifies).
    const needsTouch = lastSeenAt.getTime() < dbNow - SESSION_TOUCH_INTERVAL_SECONDS * 1000;
    if (!usable || needsTouch) {
      this.remove(key);
      return undefined;
    }
    return { ...entry.session, needsTouch: false };
  }

  ticket(): ReadTicket {
    return { seq: this.seq, at: this.now() };
  }

  /** Whether what was read about `userId` with `ticket` may be kept: no change of the user (or gap in notifications) since. */
  isCurrent(ticket: ReadTicket, userId: string): boolean {
    return this.connected && ticket.seq >= this.floor && (this.evictedAt.get(userId) ?? -1) <= ticket.seq;
  }

  /** Calls `listener` with the user whose entries are evicted, or null when everything is (user-read-cache.ts follows it). */
  onEvict(listener: (userId: string | null) => void): void {
    this.evictListeners.push(listener);
  }

  /** Keeps a session read with `ticket`, unless its user changed (or notifications stopped) since. */
  store(ticket: ReadTicket, session: ActiveSession): void {
    if (session.needsTouch || !this.isCurrent(ticket, session.userId)) return;
    const key = keyOf(session.sessionId, session.userId);
    this.remove(key);
    const now = this.now();
    this.entries.set(key, { session, clockOffsetMs: session.readAt.getTime() - ticket.at, storedAt: now });
    let keys = this.keysByUser.get(session.userId);
    if (!keys) this.keysByUser.set(session.userId, (keys = new Set()));
    keys.add(key);
    while (this.entries.size > this.maxEntries) this.remove(this.entries.keys().next().value!);
  }

  /** Something about this user or one of their sessions changed. */
  evictUser(userId: string): void {
    this.seq += 1;
    this.evictedAt.set(userId, this.seq);
    if (this.evictedAt.size > MAX_EVICTION_MARKS) {
      this.evictedAt.clear();
      this.floor = this.seq;
    }
    for (const key of this.keysByUser.get(userId) ?? []) this.entries.delete(key);
    this.keysByUser.delete(userId);
    for (const listener of this.evictListeners) listener(userId);
  }

  /** Whether change notifications are arriving; either way round, nothing cached so far is trusted. */
  setConnected(connected: boolean): void {
    this.connected = connected;
    this.clear();
  }

  clear(): void {
    this.entries.clear();
    this.keysByUser.clear();
    this.evictedAt.clear();
    this.seq += 1;
    this.floor = this.seq;
    for (const listener of this.evictListeners) listener(null);
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    const keys = this.keysByUser.get(entry.session.userId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByUser.delete(entry.session.userId);
  }
}

const keyOf = (sessionId: string, userId: string) => `${sessionId}:${userId}`;
