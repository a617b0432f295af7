import {
  ACCOUNT_SETTINGS_MESSAGES as M,
  MFA_POLICY_MESSAGES,
  type MfaChallengeRequest,
  type MfaDisableRequest,
  type MfaEnableRequest,
  type MfaSetupRequest,
  type MfaSetupResponse,
  type MfaStateResponse,
} from '@portal/contracts';
import { codeMatches, generateCode, hashCode, newSalt, ONE_TIME_CODE_MAX_ATTEMPTS, ONE_TIME_CODE_TTL_SECONDS } from '../identity/one-time-code';
import { open, seal } from '../identity/secret-box';
import { generateTotpSecret, matchTotp, otpauthUri, base32Encode } from '../identity/totp';
import { mfaChangeCodeMail, mfaChangedMail, type MailRecipient } from '../mail/messages';
import { activatePendingTotp, clearMfa, findPendingTotp, setPendingTotp } from '../repositories/mfa-enrolment-repository';
import { isMfaRequiredForUser } from '../repositories/mfa-policy-repository';
import { consumeCode, countCodesSince, insertCode, releaseAttempt, reserveAttempt } from '../repositories/one-time-codes-repository';
import { claimTotpStep, findUserById, setEmailMfa, type User } from '../repositories/users-repository';
import type { AccountDeps } from './account-service';
import { verifyCurrentPassword, type PasswordAttempt } from './password-attempts';
import { HttpError, notFound } from './errors';
import { TOO_MANY_ATTEMPTS } from './identity-service';
import { noteMfaDisabled } from './security-alerts';

/** A scanned-but-unconfirmed authenticator secret is forgotten after this. */
export const TOTP_PENDING_MAX_AGE_SECONDS = 15 * 60;
/** Issuer shown in authenticator apps. */
export const TOTP_ISSUER = 'Cloud Backup Portal';

const recipientOf = (user: User): MailRecipient => ({ userId: user.id, email: user.email, firstName: user.firstName, organisationId: user.organisationId });

/** Every MFA change is confirmed with the current password first. */
async function userWithPassword(deps: AccountDeps, userId: string, currentPassword: string, attempt: PasswordAttempt): Promise<User> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw notFound();
  if (!(await verifyCurrentPassword(deps.db, attempt, user, currentPassword))) throw new HttpError(400, M.currentPasswordIncorrect);
  return user;
}

// E-mail codes for MFA changes use the 'mfa' purpose: they prove control of the same mailbox as a
// sign-in code does, share its hourly cap, and a new one voids the previous one.
async function mailChangeCode(deps: AccountDeps, user: User, action: 'enable' | 'disable'): Promise<void> {
  if ((await countCodesSince(deps.db, user.id, 'mfa', 3600)) >= deps.codesPerHour) throw new HttpError(429, TOO_MANY_ATTEMPTS);
  const code = generateCode();
  const salt = newSalt();
  await insertCode(deps.db, { userId: user.id, purpose: 'mfa', codeHash: hashCode(deps.jwtSecret, salt, code), salt, ttlSeconds: ONE_TIME_CODE_TTL_SECONDS });
  const recipient = recipientOf(user);
  await deps.mailer.send(mfaChangeCodeMail(recipient, await deps.branding(recipient), code, action));
}

async function useMailedCode(deps: AccountDeps, userId: string, code: string): Promise<void> {
  const reserved = await reserveAttempt(deps.db, userId, 'mfa', ONE_TIME_CODE_MAX_ATTEMPTS);
  if (reserved === 'none') throw new HttpError(400, M.invalidCode);
  if (reserved === 'exhausted') throw new HttpError(400, TOO_MANY_ATTEMPTS);
  if (!codeMatches(deps.jwtSecret, reserved.salt, reserved.codeHash, code)) throw new HttpError(400, M.invalidCode);
  await releaseAttempt(deps.db, reserved.id);
  if (!(await consumeCode(deps.db, reserved.id))) throw new HttpError(400, M.invalidCode);
}

async function useAuthenticatorCode(deps: AccountDeps, user: User, code: string): Promise<void> {
  const step = user.totpSecretEnc ? matchTotp(open(deps.jwtSecret, user.totpSecretEnc, user.id), code) : undefined;
  // claimTotpStep refuses a step already used (sign-in or an earlier change): a code never works twice.
  if (step === undefined || !(await claimTotpStep(deps.db, user.id, step))) throw new HttpError(400, M.invalidCode);
}

/** The owner always hears about a change of their second factor, whatever their preferences. */
async function noticeChange(deps: AccountDeps, user: User, method: 'email' | 'totp' | null): Promise<void> {
  try {
    const recipient = recipientOf(user);
    await deps.mailer.send(mfaChangedMail(recipient, await deps.branding(recipient), method, new Date()));
  } catch (error) {
    deps.log?.error({ err: error }, 'MFA change notice failed');
  }
}

/** Step one of turning MFA on: e-mail -> a code is mailed; authenticator -> a new secret to scan. */
export async function startMfaSetup(deps: AccountDeps, userId: string, input: MfaSetupRequest, attempt: PasswordAttempt): Promise<MfaSetupResponse> {
  const user = await userWithPassword(deps, userId, input.currentPassword, attempt);
  if (user.mfaMethod) throw new HttpError(400, M.mfaAlreadyOn);
  if (input.method === 'email') {
    await mailChangeCode(deps, user, 'enable');
    return { method: 'email', message: M.mfaEmailCodeSent };
  }
  const secret = generateTotpSecret();
  await setPendingTotp(deps.db, user.id, seal(deps.jwtSecret, secret, `pending:${user.id}`));
  return { method: 'totp', message: M.mfaScanCode, secret: base32Encode(secret), otpauthUri: otpauthUri(secret, user.email, TOTP_ISSUER) };
}

/** Step two: the code proves the mailbox or the app works; only then is MFA switched on. */
export async function enableMfa(deps: AccountDeps, userId: string, input: MfaEnableRequest, attempt: PasswordAttempt): Promise<MfaStateResponse> {
  const user = await userWithPassword(deps, userId, input.currentPassword, attempt);
  if (user.mfaMethod) throw new HttpError(400, M.mfaAlreadyOn);
  if (input.method === 'email') {
    await useMailedCode(deps, user.id, input.code);
    await setEmailMfa(deps.db, user.id);
  } else {
    const pending = await findPendingTotp(deps.db, user.id, TOTP_PENDING_MAX_AGE_SECONDS);
    if (!pending) throw new HttpError(400, M.mfaSetupMissing);
    const secret = open(deps.jwtSecret, pending, `pending:${user.id}`);
    const step = matchTotp(secret, input.code);
    if (step === undefined) throw new HttpError(400, M.invalidCode);
    // The active secret is sealed under the user id (as validateMfa opens it); re-seal before activating.
    await setPendingTotp(deps.db, user.id, seal(deps.jwtSecret, secret, user.id));
    await activatePendingTotp(deps.db, user.id, step);
  }
  await noticeChange(deps, user, input.method);
  return { message: M.mfaEnabled, mfaMethod: input.method };
}

/** Turning MFA off with e-mail codes first needs a fresh code; authenticator users just open their app. */
/** MFA required for the user's subtree: it can be changed only by setting it up again, never turned off. */
async function assertMfaOptional(deps: AccountDeps, userId: string): Promise<void> {
  if (await isMfaRequiredForUser(deps.db, userId)) throw new HttpError(403, MFA_POLICY_MESSAGES.requiredForAccount);
}

export async function requestMfaChallenge(deps: AccountDeps, userId: string, input: MfaChallengeRequest, attempt: PasswordAttempt): Promise<MfaSetupResponse> {
  await assertMfaOptional(deps, userId);
  const user = await userWithPassword(deps, userId, input.currentPassword, attempt);
  if (!user.mfaMethod) throw new HttpError(400, M.mfaAlreadyOff);
  if (user.mfaMethod === 'totp') return { method: 'totp', message: M.mfaUseApp };
  await mailChangeCode(deps, user, 'disable');
  return { method: 'email', message: M.mfaEmailCodeSent };
}

export async function disableMfa(deps: AccountDeps, userId: string, input: MfaDisableRequest, attempt: PasswordAttempt): Promise<MfaStateResponse> {
  await assertMfaOptional(deps, userId);
  const user = await userWithPassword(deps, userId, input.currentPassword, attempt);
  if (!user.mfaMethod) throw new HttpError(400, M.mfaAlreadyOff);
  if (user.mfaMethod === 'totp') await useAuthenticatorCode(deps, user, input.code);
  else await useMailedCode(deps, user.id, input.code);
  await clearMfa(deps.db, user.id);
  await noticeChange(deps, user, null);
  await noteMfaDisabled(deps.db, user);
  return { message: M.mfaDisabled, mfaMethod: null };
}
