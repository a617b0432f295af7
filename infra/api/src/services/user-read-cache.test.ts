import { SessionCache } from './session-cache';
import { UserReadCache } from './user-read-cache';

// A per-user read on the session cache's terms: evicted with the user, cleared with everything, and
// never kept when an eviction overtook the read or notifications are off.

function setup() {
  const sessions = new SessionCache();
  sessions.setConnected(true);
  const cache = new UserReadCache<string>(sessions);
  let reads = 0;
  const read = (userId: string, found = true) =>
    cache.read(userId, async () => {
      reads += 1;
      return found ? `${userId}@${reads - 1}` : undefined;
    });
  return { sessions, cache, read, reads: () => reads };
}

describe('UserReadCache', () => {
  it('answers a repeated read from memory until the user changes', async () => {
    const { sessions, read, reads } = setup();
    expect(await read('u1')).toBe('u1@0');
    expect(await read('u2')).toBe('u2@1');
    expect(await read('u1')).toBe('u1@0');
    expect(reads()).toBe(2);
    sessions.evictUser('u1');
    expect(await read('u1')).toBe('u1@2');
    expect(await read('u2')).toBe('u2@1');
  });

  it('reads everything again after a clear (an organisation changed) or while notifications are off', async () => {
    const { sessions, read, reads } = setup();
    await read('u1');
    sessions.clear();
    expect(await read('u1')).toBe('u1@1');
    sessions.setConnected(false);
    expect(await read('u1')).toBe('u1@2');
    expect(await read('u1')).toBe('u1@3');
    sessions.setConnected(true);
    expect(await read('u1')).toBe('u1@4');
    expect(await read('u1')).toBe('u1@4');
    expect(reads()).toBe(5);
  });

  it('does not keep a read that a change of its user overtook, nor a user that was not found', async () => {
    const { sessions, cache, read, reads } = setup();
    await cache.read('u1', async () => {
      sessions.evictUser('u1');
      return 'stale';
    });
    expect(await read('u1')).toBe('u1@0');
    expect(await read('ghost', false)).toBeUndefined();
    expect(await read('ghost', false)).toBeUndefined();
    expect(reads()).toBe(3);
  });

  it('waits for the notifications of changes committed before a hit', async () => {
    const { sessions, read } = setup();
    await read('u1');
    // PostgreSQL delivers a notification on the listener's connection after the change committed.
    sessions.settle = async () => sessions.evictUser('u1');
    expect(await read('u1')).toBe('u1@1');
  });
});
