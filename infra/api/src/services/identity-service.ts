import { roleSchema, type Role, type SigninResponse, type UserAccess } from '@portal/contracts';
import type { Queryable } from '@portal/db';
import { signAccessToken, TokenError, verifyAccessToken } from '../identity/jwt';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../identity/password';
import { findOrganisationById } from '../repositories/organisations-repository';
import { findActiveSession, insertSession, revokeSession, touchSession } from '../repositories/sessions-repository';
import { clearFailures } from '../repositories/failed-signins-repository';
import { findUserByUsername, insertUser, setEmailMfa, type User } from '../repositories/users-repository';
import { isMfaRequiredForUser } from '../repositories/mfa-policy-repository';
import { isUserSuspended } from '../repositories/user-management-repository';
import { HttpError, unauthorized } from './errors';
import { assertPasswordAttemptAllowed, recordWrongPassword, type PasswordAttemptLimits } from './password-attempts';
import type { SessionCache } from './session-cache';
import { ORGANISATION_KIND_FOR_ROLE } from './tenancy-service';

export interface NewUser {
  organisationId: string;
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** E-mail MFA from the start (TOTP needs an enrolled secret: see enableTotpMfa). */
  mfaMethod?: 'email' | null;
  demo?: boolean;
}

export async function createUser(db: Queryable, input: NewUser): Promise<User> {
  const role = roleSchema.parse(input.role);
  const organisation = await findOrganisationById(db, input.organisationId);
  if (!organisation) throw new Error('Organisation not found');
  if (organisation.kind !== ORGANISATION_KIND_FOR_ROLE[role]) {
    throw new Error(`A ${role} user cannot belong to a ${organisation.kind} organisation`);
  }
  return insertUser(db, {
    organisationId: organisation.id,
    username: input.username.trim(),
    email: input.email.trim(),
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName,
    lastName: input.lastName,
    role,
    mfaMethod: input.mfaMethod ?? null,
    demo: input.demo,
  });
}

export const INVALID_CREDENTIALS = 'Invalid username or password';
export { TOO_MANY_ATTEMPTS } from './password-attempts';

export interface SignInDeps {
  db: Queryable;
  jwtSecret: string;
  /** Wrong passwords allowed per username and per address before every attempt answers 429. */
  attempts: PasswordAttemptLimits;
  /** Called for users with e-mail MFA once their password is right (sends the code). */
  sendMfaCode?: (user: User) => Promise<void>;
}

export async function signIn(
  deps: SignInDeps,
  input: { username: string; password: string; ip?: string; userAgent?: string },
): Promise<SigninResponse> {
  const { db } = deps;
  const username = input.username.trim();
  await assertPasswordAttemptAllowed(db, deps.attempts, username, input.ip);
  const user = await findUserByUsername(db, username);
  const valid = user ? await verifyPassword(user.passwordHash, input.password) : (await burnPasswordCheck(input.password), false);
  if (!user || !valid) {
    // Brute force on a real account raises a security alert.
    await recordWrongPassword(db, deps.attempts, username, input.ip, user ?? undefined);
    throw new HttpError(401, INVALID_CREDENTIALS);
  }
  // A suspended user or tenant cannot start a session, even with the right password.
  if (await isUserSuspended(db, user.id)) throw new HttpError(403, 'This account is suspended');
  await clearFailures(db, username);
  // MFA required for the user's subtree: a user without a second factor is enrolled on
  // e-mail codes, so this very sign-in already asks for a code sent to the address on file.
  if (user.mfaMethod === null && (await isMfaRequiredForUser(db, user.id))) {
    await setEmailMfa(db, user.id);
    user.mfaMethod = 'email';
  }
  const mfa = user.mfaMethod !== null;
  const session = await insertSession(db, {
    userId: user.id,
    mfaPending: mfa,
    ip: input.ip,
    userAgent: input.userAgent,
  });
  if (user.mfaMethod === 'email' && deps.sendMfaCode) await deps.sendMfaCode(user);
  const accessToken = signAccessToken(
    {
      sub: user.id,
      sid: session.id,
      role: user.role,
      iat: Math.floor(session.createdAt.getTime() / 1000),
      exp: Math.floor(session.expiresAt.getTime() / 1000),
    },
    deps.jwtSecret,
  );
  return {
    accessToken,
    userId: user.id,
    mfa,
    role: user.role,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
    ...(user.mfaMethod ? { mfaMethod: user.mfaMethod } : {}),
  };
}

export interface AuthContext {
  userId: string;
  sessionId: string;
  role: Role;
  organisationId: string;
  /** 'read-only' users may not change anything (plugins/read-only-guard.ts). */
  access: UserAccess;
  /** True only on the MFA routes, which accept a session whose second factor is still pending. */
  mfaPending: boolean;
  mfaAttempts: number;
  /** Set when the caller is an organisation's API key (services/api-key-service.ts), not a person. */
  apiKey?: { id: string; publicId: string; name: string };
}

/** What checking a token needs; `sessions` is this process's verified-session cache, when it has one. */
export interface AuthDeps {
  db: Queryable;
  jwtSecret: string;
  sessions?: SessionCache;
}

/** findActiveSession, answered from the cache when it can be (session-cache.ts says why that is safe). */
async function lookUpSession({ db, sessions }: AuthDeps, sessionId: string, userId: string) {
  if (sessions?.get(sessionId, userId)) {
    // A revocation committed before this request, by any process, is evicted once settled.
    await sessions.settle();
    const cached = sessions.get(sessionId, userId);
    if (cached) return cached;
  }
  const ticket = sessions?.ticket();
  const session = await findActiveSession(db, sessionId, userId);
  if (session && sessions && ticket) sessions.store(ticket, session);
  return session;
}

/**
 * Checks a bearer token and its server-side session. The role and organisation come from the
 * database (or the cache the database's notifications keep current), not the token, so a changed
 * role takes effect at once.
 */
export async function authenticate(deps: AuthDeps, token: string | undefined, options: { allowMfaPending?: boolean } = {}): Promise<AuthContext> {
  const { db, jwtSecret } = deps;
  if (!token) throw unauthorized();
  let claims;
  try {
    claims = verifyAccessToken(token, jwtSecret);
  } catch (error) {
    if (error instanceof TokenError && error.reason === 'expired') throw unauthorized('Session expired');
    throw unauthorized('Invalid token');
  }
  const session = await lookUpSession(deps, claims.sid, claims.sub);
  if (!session) throw unauthorized('Session expired');
  // Until api/validate/otp succeeds the session opens only the MFA routes.
  if (session.mfaPending && !options.allowMfaPending) throw unauthorized('Multi-factor verification required');
  if (session.needsTouch) await touchSession(db, session.sessionId);
  return {
    userId: session.userId,
    sessionId: session.sessionId,
    role: session.role,
    organisationId: session.organisationId,
    access: session.access,
    mfaPending: session.mfaPending,
    mfaAttempts: session.mfaAttempts,
  };
}

export async function signOut(db: Queryable, sessionId: string): Promise<void> {
  await revokeSession(db, sessionId);
}
