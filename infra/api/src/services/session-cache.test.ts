import type { Db, ListenStateHandler, NotifyHandler } from '@portal/db';
import type { ActiveSession } from '../repositories/sessions-repository';
import { SessionCache } from './session-cache';
import { openSessionCache, SESSION_CHANGE_CHANNEL } from './session-change-listener';

// The cache alone, on a fake clock: the time rules of findActiveSession, the fail-safe switch, and
// reads that an eviction overtook.

const T0 = Date.parse('2026-01-01T12:00:00Z');
const MIN = 60_000;

function session(userId: string, sessionId: string, at: { lastSeenAt?: number; expiresAt?: number; readAt?: number } = {}): ActiveSession {
  return {
    sessionId,
    userId,
    role: 'CUSTOMER',
    organisationId: 'org',
    access: 'full',
    mfaPending: false,
    mfaAttempts: 0,
    needsTouch: false,
    lastSeenAt: new Date(at.lastSeenAt ?? T0),
    expiresAt: new Date(at.expiresAt ?? T0 + 12 * 60 * MIN),
    readAt: new Date(at.readAt ?? T0),
  };
}

function setup(options: { maxAgeMs?: number } = {}) {
  const clock = { now: T0 };
  const cache = new SessionCache({ ...options, now: () => clock.now });
  cache.setConnected(true);
  const put = (value: ActiveSession) => cache.store(cache.ticket(), value);
  return { clock, cache, put };
}

describe('SessionCache', () => {
  it('answers what the query would until the touch interval, then sends the request to the database', () => {
    const { clock, cache, put } = setup({ maxAgeMs: 10 * MIN });
    put(session('u1', 's1'));
    clock.now = T0 + 59_000;
    expect(cache.get('s1', 'u1')).toMatchObject({ userId: 'u1', needsTouch: false });
    expect(cache.get('s1', 'u2')).toBeUndefined();
    clock.now = T0 + 61_000;
    expect(cache.get('s1', 'u1')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never outlives the absolute expiry, the idle timeout or its own age limit', () => {
    const { clock, cache, put } = setup({ maxAgeMs: 30_000 });
    put(session('u1', 'expiring', { expiresAt: T0 + 10_000 }));
    put(session('u1', 'idle', { lastSeenAt: T0 - 30 * MIN + 5_000 }));
    put(session('u1', 'aging'));
    clock.now = T0 + 10_000;
    expect(cache.get('expiring', 'u1')).toBeUndefined();
    expect(cache.get('idle', 'u1')).toBeUndefined();
    expect(cache.get('aging', 'u1')).toBeDefined();
    clock.now = T0 + 30_000;
    expect(cache.get('aging', 'u1')).toBeUndefined();
  });

  it("applies the rules on the database's clock, measured from before the read", () => {
    const { clock, cache } = setup();
    // The database runs 20 s ahead: the session ends in 5 s of database time.
    const ticket = cache.ticket();
    clock.now = T0 + 100;
    cache.store(ticket, session('u1', 's1', { readAt: T0 + 20_000, lastSeenAt: T0 + 20_000, expiresAt: T0 + 25_000 }));
    clock.now = T0 + 4_800;
    expect(cache.get('s1', 'u1')).toBeDefined();
    clock.now = T0 + 5_000;
    expect(cache.get('s1', 'u1')).toBeUndefined();
  });

  it("evicts every session of a user on a change notification, and keeps other users' sessions", () => {
    const { cache, put } = setup();
    put(session('u1', 'a'));
    put(session('u1', 'b'));
    put(session('u2', 'c'));
    cache.evictUser('u1');
    expect(cache.get('a', 'u1')).toBeUndefined();
    expect(cache.get('b', 'u1')).toBeUndefined();
    expect(cache.get('c', 'u2')).toBeDefined();
  });

  it('does not keep a read that a change of its user overtook', () => {
    const { cache } = setup();
    const early = cache.ticket();
    cache.evictUser('u1');
    cache.store(early, session('u1', 's1'));
    expect(cache.get('s1', 'u1')).toBeUndefined();
    // Another user's read from before the eviction is still good.
    cache.store(early, session('u2', 's2'));
    expect(cache.get('s2', 'u2')).toBeDefined();
    // A read that started after the change is kept.
    cache.store(cache.ticket(), session('u1', 's1'));
    expect(cache.get('s1', 'u1')).toBeDefined();
  });

  it('is bypassed and emptied while notifications are off, and keeps nothing read before they resumed', () => {
    const { cache, put } = setup();
    put(session('u1', 's1'));
    cache.setConnected(false);
    expect(cache.get('s1', 'u1')).toBeUndefined();
    put(session('u1', 's1'));
    expect(cache.size).toBe(0);
    const duringOutage = cache.ticket();
    cache.setConnected(true);
    cache.store(duringOutage, session('u1', 's1'));
    expect(cache.get('s1', 'u1')).toBeUndefined();
    put(session('u1', 's1'));
    expect(cache.get('s1', 'u1')).toBeDefined();
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const cache = new SessionCache({ maxEntries: 2, now: () => T0 });
    cache.setConnected(true);
    for (const id of ['a', 'b', 'c']) cache.store(cache.ticket(), session('u1', id));
    expect(cache.size).toBe(2);
    expect(cache.get('a', 'u1')).toBeUndefined();
    expect(cache.get('c', 'u1')).toBeDefined();
  });
});

describe('openSessionCache', () => {
  function fakeDb(listen: Db['listen']): Db {
    return { listen } as Db;
  }

  it("follows the listener: evicts on each notification, and works only while it is connected", async () => {
    let notify: NotifyHandler = () => undefined;
    let state: ListenStateHandler = () => undefined;
    const channels: string[] = [];
    const db = fakeDb(async (channel, onNotify, onState) => {
      channels.push(channel);
      notify = onNotify;
      state = onState!;
      return { connected: true, sync: async () => undefined, close: async () => undefined };
    });
    const logged: string[] = [];
    const { cache } = await openSessionCache(db, (message) => logged.push(message));
    expect(channels).toEqual([SESSION_CHANGE_CHANNEL]);
    cache.store(cache.ticket(), session('u1', 's1', { readAt: Date.now(), lastSeenAt: Date.now(), expiresAt: Date.now() + MIN }));
    expect(cache.get('s1', 'u1')).toBeDefined();
    notify('u1');
    expect(cache.get('s1', 'u1')).toBeUndefined();

    cache.store(cache.ticket(), session('u1', 's1', { readAt: Date.now(), lastSeenAt: Date.now(), expiresAt: Date.now() + MIN }));
    state(false);
    expect(cache.enabled).toBe(false);
    expect(cache.size).toBe(0);
    expect(logged).toHaveLength(1);
    state(true);
    expect(cache.enabled).toBe(true);
  });

  it('stays off when the database cannot listen', async () => {
    const db = fakeDb(async () => {
      throw new Error('no LISTEN here');
    });
    const logged: string[] = [];
    const { cache } = await openSessionCache(db, (message) => logged.push(message));
    expect(cache.enabled).toBe(false);
    expect(logged).toEqual(['session change notifications unavailable: sessions are read on every request']);
  });
});
