import type { Db } from '@portal/db';
import { SessionCache, type SessionCacheOptions } from './session-cache';

/** Migration 190's triggers notify here with the user id whenever a session or user row changes. */
export const SESSION_CHANGE_CHANNEL = 'portal_session_change';
/** Migration 260's payload when an organisation changes: every user's cached reads go. */
export const EVERY_USER = '*';

export interface SessionCacheHandle {
  cache: SessionCache;
  close(): Promise<void>;
}

/**
 * This process's verified-session cache, kept honest by the database's change notifications: each
 * evicts the user's entries, and the cache works only while the listener is connected (while it is
 * not, every request reads its session as if there were no cache).
 */
export async function openSessionCache(db: Db, log: (message: string, error?: unknown) => void, options: SessionCacheOptions = {}): Promise<SessionCacheHandle> {
  const cache = new SessionCache(options);
  try {
    const subscription = await db.listen(
      SESSION_CHANGE_CHANNEL,
      (payload) => (payload === EVERY_USER ? cache.clear() : cache.evictUser(payload)),
      (connected) => {
        cache.setConnected(connected);
        if (!connected) log('session change notifications interrupted: sessions are read on every request until they resume');
      },
    );
    cache.settle = () => subscription.sync();
    cache.setConnected(subscription.connected);
    return {
      cache,
      close: async () => {
        cache.setConnected(false);
        await subscription.close();
      },
    };
  } catch (error) {
    log('session change notifications unavailable: sessions are read on every request', error);
    return { cache, close: async () => undefined };
  }
}
