import type { Role, UserAccess } from '@portal/contracts';
import type { Queryable } from '@portal/db';

export const SESSION_ABSOLUTE_LIFETIME_SECONDS = 12 * 60 * 60;
export const SESSION_IDLE_TIMEOUT_SECONDS = 30 * 60;
// Refreshing last_seen_at on every call would turn each read into a write.
export const SESSION_TOUCH_INTERVAL_SECONDS = 60;

export interface NewSession {
  id: string;
  createdAt: Date;
  expiresAt: Date;
}

export async function insertSession(
  db: Queryable,
  input: { userId: string; mfaPending: boolean; ip?: string | null; userAgent?: string | null },
): Promise<NewSession> {
  // Second precision so the token's exp claim and the row's expires_at are the same instant.
  const { rows } = await db.query<{ id: string; created_at: Date; expires_at: Date }>(
    `insert into sessions (user_id, mfa_pending, ip, user_agent, expires_at)
     values ($1, $2, $3, $4, date_trunc('second', now()) + make_interval(secs => $5))
     returning id, created_at, expires_at`,
    [input.userId, input.mfaPending, input.ip ?? null, input.userAgent?.slice(0, 512) ?? null, SESSION_ABSOLUTE_LIFETIME_SECONDS],
  );
  return { id: rows[0].id, createdAt: rows[0].created_at, expiresAt: rows[0].expires_at };
}

export interface ActiveSession {
  sessionId: string;
  userId: string;
  role: Role;
  organisationId: string;
  /** Read with the session on every request, so a changed access level applies at once. */
  access: UserAccess;
  mfaPending: boolean;
  mfaAttempts: number;
  needsTouch: boolean;
  /** The row's absolute expiry and last use, and the database's clock at the read: what the session cache needs to apply the same rules later. */
  expiresAt: Date;
  lastSeenAt: Date;
  readAt: Date;
}

/**
 * The session if it is usable right now: not revoked, not past its absolute expiry, not idle
 * for longer than the idle timeout, and belonging to the given user.
 */
export async function findActiveSession(db: Queryable, sessionId: string, userId: string): Promise<ActiveSession | undefined> {
  const { rows } = await db.query<{
    session_id: string;
    user_id: string;
    role: Role;
    organisation_id: string;
    access: UserAccess;
    mfa_pending: boolean;
    mfa_attempts: number;
    needs_touch: boolean;
    expires_at: Date;
    last_seen_at: Date;
    read_at: Date;
  }>(
    `select s.id as session_id, u.id as user_id, u.role, u.organisation_id, u.access, s.mfa_pending, s.mfa_attempts,
            s.last_seen_at < now() - make_interval(secs => $4) as needs_touch,
            s.expires_at, s.last_seen_at, now() as read_at
     from sessions s join users u on u.id = s.user_id
     where s.id = $1 and s.user_id = $2
       and s.revoked_at is null
       and s.expires_at > now()
       and s.last_seen_at > now() - make_interval(secs => $3)`,
    [sessionId, userId, SESSION_IDLE_TIMEOUT_SECONDS, SESSION_TOUCH_INTERVAL_SECONDS],
  );
  const row = rows[0];
  if (!row) return undefined;
  return {
    sessionId: row.session_id,
    userId: row.user_id,
    role: row.role,
    organisationId: row.organisation_id,
    access: row.access,
    mfaPending: row.mfa_pending,
    mfaAttempts: row.mfa_attempts,
    needsTouch: row.needs_touch,
    expiresAt: row.expires_at,
    lastSeenAt: row.last_seen_at,
    readAt: row.read_at,
  };
}

export async function touchSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('update sessions set last_seen_at = now() where id = $1 and revoked_at is null', [sessionId]);
}

export async function revokeSession(db: Queryable, sessionId: string): Promise<void> {
  await db.query('update sessions set revoked_at = now() where id = $1 and revoked_at is null', [sessionId]);
}

/** Every live session of the user ends now (password reset or change). */
export async function revokeAllSessionsOfUser(db: Queryable, userId: string): Promise<number> {
  const { rows } = await db.query('update sessions set revoked_at = now() where user_id = $1 and revoked_at is null returning id', [userId]);
  return rows.length;
}

/** The second factor was verified: the same token now opens every route its role allows. */
export async function completeMfa(db: Queryable, sessionId: string): Promise<void> {
  await db.query('update sessions set mfa_pending = false, mfa_attempts = 0, last_seen_at = now() where id = $1 and revoked_at is null', [
    sessionId,
  ]);
}

/** Counts a wrong TOTP code on a pending session; returns the new count. */
export async function countMfaAttempt(db: Queryable, sessionId: string): Promise<number> {
  const { rows } = await db.query<{ mfa_attempts: number }>(
    'update sessions set mfa_attempts = mfa_attempts + 1 where id = $1 returning mfa_attempts',
    [sessionId],
  );
  return rows[0]?.mfa_attempts ?? Number.MAX_SAFE_INTEGER;
}
