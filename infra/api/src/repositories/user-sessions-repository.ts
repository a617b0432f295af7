import type { Queryable } from '@portal/db';
import { SESSION_IDLE_TIMEOUT_SECONDS } from './sessions-repository';

export interface UserSessionRow {
  id: string;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

/** The user's usable sessions (same rules as findActiveSession), most recently used first. */
export async function listLiveSessions(db: Queryable, userId: string): Promise<UserSessionRow[]> {
  const { rows } = await db.query<UserSessionRow>(
    `select id, created_at as "createdAt", last_seen_at as "lastSeenAt", expires_at as "expiresAt", ip, user_agent as "userAgent"
     from sessions
     where user_id = $1 and revoked_at is null and expires_at > now() and not mfa_pending
       and last_seen_at > now() - make_interval(secs => $2)
     order by last_seen_at desc, created_at desc`,
    [userId, SESSION_IDLE_TIMEOUT_SECONDS],
  );
  return rows;
}

/** Ends one session of this user; false when it is not theirs or already over. */
export async function revokeSessionOfUser(db: Queryable, userId: string, sessionId: string): Promise<boolean> {
  const { rows } = await db.query('update sessions set revoked_at = now() where id = $1 and user_id = $2 and revoked_at is null returning id', [
    sessionId,
    userId,
  ]);
  return rows.length === 1;
}
