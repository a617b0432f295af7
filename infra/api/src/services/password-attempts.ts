import type { Queryable } from '@portal/db';
import { verifyPassword } from '../identity/password';
import type { FailureLimit } from '../plugins/rate-limits';
import { countRecentFailures, countRecentFailuresFrom, recordFailure } from '../repositories/failed-signins-repository';
import { HttpError } from './errors';
import { noteFailedSignIn, type SignInAccount } from './security-alerts';

export const TOO_MANY_ATTEMPTS = 'Too many attempts, please try again later';

/**
 * Guessing limits for every check of a password (sign-in, change-password). The counters live in
 * the database (failed_signins), so every API process behind a balancer sees the same numbers.
 */
export interface PasswordAttemptLimits {
  /** Per account, keyed by the username: the lockout. */
  account: FailureLimit;
  /** Per client address; false turns it off. */
  address: FailureLimit | false;
}

/** Answers 429 once the account or the address has used up its wrong passwords for the window. */
export async function assertPasswordAttemptAllowed(db: Queryable, limits: PasswordAttemptLimits, username: string, ip: string | undefined): Promise<void> {
  const { account, address } = limits;
  if (address && ip && (await countRecentFailuresFrom(db, ip, address.windowSeconds)) >= address.max) {
    throw new HttpError(429, TOO_MANY_ATTEMPTS);
  }
  // Counted per name typed, so an unknown name is refused exactly like a real one: no enumeration.
  if ((await countRecentFailures(db, username, account.windowSeconds)) >= account.max) throw new HttpError(429, TOO_MANY_ATTEMPTS);
}

/** Counts a wrong password against the name typed and the address, and alerts on brute force. */
export async function recordWrongPassword(
  db: Queryable,
  limits: PasswordAttemptLimits,
  username: string,
  ip: string | undefined,
  account: SignInAccount | undefined,
): Promise<void> {
  const keepSeconds = Math.max(limits.account.windowSeconds, limits.address ? limits.address.windowSeconds : 0);
  await recordFailure(db, username, ip, keepSeconds);
  // Best effort: the caller's answer stays the same whatever happens to the alert.
  if (account) await noteFailedSignIn(db, account, limits.account, ip).catch(() => undefined);
}

/** Where a password check comes from: the limits to apply and the client address. */
export interface PasswordAttempt {
  limits: PasswordAttemptLimits;
  ip?: string;
}

/**
 * The current password a signed-in user types to confirm a change. Counted like a sign-in, so a
 * stolen session cannot become an unlimited password oracle.
 */
export async function verifyCurrentPassword(
  db: Queryable,
  attempt: PasswordAttempt,
  user: SignInAccount & { passwordHash: string },
  password: string,
): Promise<boolean> {
  await assertPasswordAttemptAllowed(db, attempt.limits, user.username, attempt.ip);
  if (await verifyPassword(user.passwordHash, password)) return true;
  await recordWrongPassword(db, attempt.limits, user.username, attempt.ip, user);
  return false;
}
