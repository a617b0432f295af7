import {
  ACCOUNT_MESSAGES as M,
  type MessageResponse,
  type RegisterRequest,
  type RegisterResponse,
} from '@portal/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Queryable } from '@portal/db';
import { codeMatches, generateCode, hashCode, newSalt, ONE_TIME_CODE_MAX_ATTEMPTS, ONE_TIME_CODE_TTL_SECONDS } from '../identity/one-time-code';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../identity/password';
import { assertAcceptablePassword } from '../identity/password-policy';
import { open, seal } from '../identity/secret-box';
import { generateTotpSecret, matchTotp, otpauthUri, base32Encode } from '../identity/totp';
import type { Mailer, OutgoingMail } from '../mail/mailer';
import { mfaCodeMail, passwordChangedMail, resetCodeMail, type BrandingResolver, type MailRecipient } from '../mail/messages';
import { clearFailures } from '../repositories/failed-signins-repository';
import {
  consumeCode,
  countCodesSince,
  insertCode,
  releaseAttempt,
  reserveAttempt,
  type CodePurpose,
} from '../repositories/one-time-codes-repository';
import { regionExists } from '../repositories/regions-repository';
import { completeMfa, countMfaAttempt, revokeAllSessionsOfUser, revokeSession } from '../repositories/sessions-repository';
import {
  claimTotpStep,
  emailExists,
  findUserByEmail,
  findUserById,
  setTotpMfa,
  updatePasswordHash,
  usernameExists,
  type User,
} from '../repositories/users-repository';
import { HttpError } from './errors';
import { createUser, TOO_MANY_ATTEMPTS } from './identity-service';
import { verifyCurrentPassword, type PasswordAttempt } from './password-attempts';
import { createOrganisation } from './tenancy-service';

export interface AccountDeps {
  db: Db;
  jwtSecret: string;
  mailer: Mailer;
  branding: BrandingResolver;
  log?: FastifyBaseLogger;
  /** Codes a user may be sent per hour and purpose, whoever asks (protects their mailbox). */
  codesPerHour: number;
  /** api/forgot never answers sooner than this, so the database work for a real account is hidden. */
  forgotMinDurationMs?: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const recipientOf = (user: User): MailRecipient => ({
  userId: user.id,
  email: user.email,
  firstName: user.firstName,
  organisationId: user.organisationId,
});

async function mail(deps: AccountDeps, user: User, build: (branding: Awaited<ReturnType<BrandingResolver>>) => OutgoingMail): Promise<void> {
  const recipient = recipientOf(user);
  await deps.mailer.send(build(await deps.branding(recipient)));
}

// ---- Availability and registration ----

export const isUsernameAvailable = async (db: Queryable, username: string) => !(await usernameExists(db, username));
export const isEmailAvailable = async (db: Queryable, email: string) => !(await emailExists(db, email));

/** The organisation self-registered direct customers hang off: the oldest provider. */
async function providerId(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ id: string }>("select id from organisations where kind = 'PROVIDER' order by created_at limit 1");
  if (rows[0]) return rows[0].id;
  return (await createOrganisation(db, { name: 'Cloud Backup Provider', kind: 'PROVIDER' })).id;
}

const PROVIDER_LOCK_KEY = 7_301_118_003;

function isUniqueViolation(error: unknown, index: string): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && (e.constraint === index || (e.message ?? '').includes(index));
}

export async function register(deps: AccountDeps, input: RegisterRequest): Promise<RegisterResponse> {
  assertAcceptablePassword(input.password);
  if (!(await regionExists(deps.db, input.regionId))) throw new HttpError(400, 'Region is not available');
  if (await usernameExists(deps.db, input.username)) throw new HttpError(409, M.usernameTaken);
  if (await emailExists(deps.db, input.email)) throw new HttpError(409, M.emailTaken);
  try {
    const user = await deps.db.transaction(async (tx) => {
      await tx.query('select pg_advisory_xact_lock($1)', [PROVIDER_LOCK_KEY]);
      const organisation = await createOrganisation(tx, {
        name: input.company,
        kind: 'DIRECTCUSTOMER',
        parentId: await providerId(tx),
        region: input.regionId,
      });
      return createUser(tx, {
        organisationId: organisation.id,
        username: input.username,
        email: input.email,
        password: input.password,
        firstName: input.firstName,
        lastName: input.lastName,
        role: 'DIRECTCUSTOMER',
      });
    });
    return {
      message: M.registered,
      userId: user.id,
      role: 'DIRECTCUSTOMER',
      mfa: false,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      username: user.username,
    };
  } catch (error) {
    // Two registrations racing for one name: the unique index decides, the loser gets the same 409.
    if (isUniqueViolation(error, 'users_username_ci_idx')) throw new HttpError(409, M.usernameTaken);
    if (isUniqueViolation(error, 'users_email_ci_idx')) throw new HttpError(409, M.emailTaken);
    throw error;
  }
}

// ---- One-time codes ----

async function issueCode(deps: AccountDeps, user: User, purpose: CodePurpose): Promise<string | undefined> {
  if ((await countCodesSince(deps.db, user.id, purpose, 3600)) >= deps.codesPerHour) return undefined;
  const code = generateCode();
  const salt = newSalt();
  await insertCode(deps.db, {
    userId: user.id,
    purpose,
    codeHash: hashCode(deps.jwtSecret, salt, code),
    salt,
    ttlSeconds: ONE_TIME_CODE_TTL_SECONDS,
  });
  return code;
}

type CheckResult = { ok: true; codeId: string } | { ok: false; message: string };

async function checkCode(deps: AccountDeps, userId: string, purpose: CodePurpose, code: string): Promise<CheckResult> {
  const reserved = await reserveAttempt(deps.db, userId, purpose, ONE_TIME_CODE_MAX_ATTEMPTS);
  if (reserved === 'none') return { ok: false, message: M.invalidCode };
  if (reserved === 'exhausted') return { ok: false, message: M.tooManyAttempts };
  if (codeMatches(deps.jwtSecret, reserved.salt, reserved.codeHash, code)) {
    await releaseAttempt(deps.db, reserved.id);
    return { ok: true, codeId: reserved.id };
  }
  return { ok: false, message: reserved.attempts >= ONE_TIME_CODE_MAX_ATTEMPTS ? M.tooManyAttempts : M.invalidCode };
}

// ---- MFA ----

/** Sends a fresh e-mail MFA code (sign-in and resend). */
export async function sendMfaCode(deps: AccountDeps, user: User): Promise<boolean> {
  const code = await issueCode(deps, user, 'mfa');
  if (!code) return false;
  await mail(deps, user, (branding) => mfaCodeMail(recipientOf(user), branding, code));
  return true;
}

export async function resendMfaCode(deps: AccountDeps, userId: string): Promise<MessageResponse> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new HttpError(404, 'Not found');
  if (user.mfaMethod !== 'email') throw new HttpError(400, 'This account uses an authenticator app: open it to get a code.');
  if (!(await sendMfaCode(deps, user))) throw new HttpError(429, TOO_MANY_ATTEMPTS);
  return { message: M.codeResent };
}

export async function validateMfa(
  deps: AccountDeps,
  session: { sessionId: string; userId: string; mfaPending: boolean },
  otp: string,
): Promise<MessageResponse> {
  if (!session.mfaPending) throw new HttpError(400, M.invalidCode);
  const user = await findUserById(deps.db, session.userId);
  if (!user || !user.mfaMethod) throw new HttpError(400, M.invalidCode);
  if (user.mfaMethod === 'totp') {
    const step = user.totpSecretEnc ? matchTotp(open(deps.jwtSecret, user.totpSecretEnc, user.id), otp) : undefined;
    if (step === undefined || !(await claimTotpStep(deps.db, user.id, step))) {
      // No code row to void for an authenticator app: five misses end the pending session instead.
      if ((await countMfaAttempt(deps.db, session.sessionId)) >= ONE_TIME_CODE_MAX_ATTEMPTS) {
        await revokeSession(deps.db, session.sessionId);
        throw new HttpError(400, M.tooManyAttempts);
      }
      throw new HttpError(400, M.invalidCode);
    }
  } else {
    const result = await checkCode(deps, user.id, 'mfa', otp);
    if (!result.ok) throw new HttpError(400, result.message);
    if (!(await consumeCode(deps.db, result.codeId))) throw new HttpError(400, M.invalidCode);
  }
  await completeMfa(deps.db, session.sessionId);
  return { message: M.verified };
}

/**
 * Enrols an authenticator app for the user. There is no endpoint for it yet (the profile pages
 * will call it); tests and operators use it directly. Returns the base32 secret and otpauth URI.
 */
export async function enableTotpMfa(
  deps: Pick<AccountDeps, 'db' | 'jwtSecret'>,
  userId: string,
  issuer = 'Cloud Backup Portal',
): Promise<{ secret: string; uri: string }> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new Error('User not found');
  const secret = generateTotpSecret();
  await setTotpMfa(deps.db, user.id, seal(deps.jwtSecret, secret, user.id));
  return { secret: base32Encode(secret), uri: otpauthUri(secret, user.email, issuer) };
}

// ---- Forgotten password ----

export const FORGOT_MIN_DURATION_MS = 150;

/**
 * Same answer whatever the e-mail. The time is kept alike too: both paths run one argon2 check in
 * parallel with the lookup, code insert and outbox write, and neither answers before a floor.
 */
export async function forgotPassword(deps: AccountDeps, email: string): Promise<MessageResponse> {
  const work = (async () => {
    const user = await findUserByEmail(deps.db, email);
    if (!user) return;
    const code = await issueCode(deps, user, 'reset');
    if (!code) return;
    const message = (branding: Awaited<ReturnType<BrandingResolver>>) => resetCodeMail(recipientOf(user), branding, code);
    if (deps.mailer.kind === 'smtp') {
      // Network delivery time would tell an observer the account exists: deliver after answering.
      void mail(deps, user, message).catch((error) => deps.log?.error({ err: error }, 'reset code e-mail failed'));
    } else {
      await mail(deps, user, message);
    }
  })();
  await Promise.all([burnPasswordCheck(email), work, sleep(deps.forgotMinDurationMs ?? FORGOT_MIN_DURATION_MS)]);
  return { message: M.forgotSent };
}

/** Unknown e-mails get the same 400 as wrong codes. */
async function checkResetCode(deps: AccountDeps, email: string, otp: string): Promise<{ user: User; codeId: string }> {
  const user = await findUserByEmail(deps.db, email);
  if (!user) throw new HttpError(400, M.invalidCode);
  const result = await checkCode(deps, user.id, 'reset', otp);
  if (!result.ok) throw new HttpError(400, result.message);
  return { user, codeId: result.codeId };
}

export async function validateResetCode(deps: AccountDeps, email: string, otp: string): Promise<MessageResponse> {
  await checkResetCode(deps, email, otp);
  return { message: M.codeVerified };
}

async function setNewPassword(deps: AccountDeps, user: User, password: string): Promise<void> {
  await updatePasswordHash(deps.db, user.id, await hashPassword(password));
  await revokeAllSessionsOfUser(deps.db, user.id);
  await clearFailures(deps.db, user.username);
  // Always sent: the owner learns of a change they did not make.
  try {
    await mail(deps, user, (branding) => passwordChangedMail(recipientOf(user), branding, new Date()));
  } catch (error) {
    deps.log?.error({ err: error }, 'password changed notice failed');
  }
}

export async function resetPassword(deps: AccountDeps, input: { email: string; otp: string; password: string }): Promise<MessageResponse> {
  assertAcceptablePassword(input.password);
  const { user, codeId } = await checkResetCode(deps, input.email, input.otp);
  if (!(await consumeCode(deps.db, codeId))) throw new HttpError(400, M.invalidCode);
  await setNewPassword(deps, user, input.password);
  return { message: M.passwordReset };
}

export async function changePassword(
  deps: AccountDeps,
  userId: string,
  input: { currentPassword: string; password: string },
  attempt: PasswordAttempt,
): Promise<MessageResponse> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new HttpError(404, 'Not found');
  if (!(await verifyCurrentPassword(deps.db, attempt, user, input.currentPassword))) throw new HttpError(400, M.currentPasswordIncorrect);
  if (input.password === input.currentPassword) throw new HttpError(400, M.sameAsCurrent);
  assertAcceptablePassword(input.password);
  await setNewPassword(deps, user, input.password);
  return { message: M.passwordChanged };
}
