import type { Queryable } from '@portal/db';
import { raiseOrEscalateAlert } from '../repositories/alerts-repository';
import { countRecentFailures } from '../repositories/failed-signins-repository';
import { findUserById } from '../repositories/users-repository';

// Security alerts: brute force on an account, MFA reset by an administrator, a user's own
// MFA turned off. Alerts name the account, never a password or code.

/**
 * Wrong passwords for one account (sign-in and change-password count alike) within
 * BRUTE_FORCE_WINDOW_SECONDS that look like guessing rather than a mistyped password: people give
 * up or reset long before ten tries.
 */
export const BRUTE_FORCE_THRESHOLD = 10;
export const BRUTE_FORCE_WINDOW_SECONDS = 15 * 60;
/** One open brute-force alert per account and hour: further failures (or the lockout) update it. */
export const BRUTE_FORCE_ALERT_WINDOW_SECONDS = 60 * 60;

export interface SignInAccount {
  id: string;
  username: string;
  organisationId: string;
}

/**
 * Called after a wrong password for an existing account (the failure is already counted). Raises a
 * warning at BRUTE_FORCE_THRESHOLD failures and makes it critical when the account is locked out
 * (identity-service refuses every attempt once `lockout.max` failures are in its window).
 */
export async function noteFailedSignIn(db: Queryable, account: SignInAccount, lockout: { max: number; windowSeconds: number }, ip?: string): Promise<void> {
  const recent = await countRecentFailures(db, account.username, BRUTE_FORCE_WINDOW_SECONDS);
  const lockedOut = (await countRecentFailures(db, account.username, lockout.windowSeconds)) >= lockout.max;
  if (!lockedOut && recent < BRUTE_FORCE_THRESHOLD) return;
  const from = ip ? ` The latest attempt came from ${ip}.` : '';
  const message = lockedOut
    ? `Account "${account.username}" is locked out after ${lockout.max} wrong passwords; sign-ins are refused for up to ${Math.ceil(lockout.windowSeconds / 60)} minutes.${from}`
    : `Possible brute-force attack: ${recent} wrong passwords (sign-in or password change) for account "${account.username}" in the last ${BRUTE_FORCE_WINDOW_SECONDS / 60} minutes.${from}`;
  await raiseOrEscalateAlert(
    db,
    { severity: lockedOut ? 'critical' : 'warning', source: `security:bruteforce:${account.id}`, message, organisationId: account.organisationId },
    BRUTE_FORCE_ALERT_WINDOW_SECONDS,
  );
}

async function raiseMfaAlert(db: Queryable, source: string, organisationId: string, message: string): Promise<void> {
  // Every change is its own event (window 0): two resets are two alerts.
  await raiseOrEscalateAlert(db, { severity: 'warning', source, message, organisationId }, 0);
}

/** An administrator reset a user's MFA (user management). */
export async function noteMfaReset(db: Queryable, user: SignInAccount, actorId: string): Promise<void> {
  const actor = await findUserById(db, actorId);
  await raiseMfaAlert(
    db,
    `security:mfa-reset:${user.id}`,
    user.organisationId,
    `Multi-factor authentication of "${user.username}" was reset by ${actor?.username ?? 'an administrator'}; the account signs in with its password alone until MFA is set up again.`,
  );
}

/** A user turned off their own MFA (account settings). */
export async function noteMfaDisabled(db: Queryable, user: SignInAccount): Promise<void> {
  await raiseMfaAlert(
    db,
    `security:mfa-disabled:${user.id}`,
    user.organisationId,
    `"${user.username}" turned off multi-factor authentication for their account.`,
  );
}
