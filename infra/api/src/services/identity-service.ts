import { roleSchema, type Role, type SigninResponse } from '@portal/contracts';
import type { Queryable } from '../db/database';
import { signAccessToken, TokenError, verifyAccessToken } from '../identity/jwt';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../identity/password';
import { findOrganisationById } from '../repositories/organisations-repository';
import { findActiveSession, insertSession, revokeSession, touchSession } from '../repositories/sessions-repository';
import { findUserByUsername, insertUser, type User } from '../repositories/users-repository';
import { HttpError, unauthorized } from './errors';
import { ORGANISATION_KIND_FOR_ROLE } from './tenancy-service';

export interface NewUser {
  organisationId: string;
  username: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  mfaEnabled?: boolean;
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
    mfaEnabled: input.mfaEnabled,
    demo: input.demo,
  });
}

export const INVALID_CREDENTIALS = 'Invalid username or password';

export async function signIn(
  db: Queryable,
  jwtSecret: string,
  input: { username: string; password: string; ip?: string; userAgent?: string },
): Promise<SigninResponse> {
  const user = await findUserByUsername(db, input.username.trim());
  if (!user) {
    await burnPasswordCheck(input.password);
    throw new HttpError(401, INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(user.passwordHash, input.password))) throw new HttpError(401, INVALID_CREDENTIALS);
  const session = await insertSession(db, {
    userId: user.id,
    mfaPending: user.mfaEnabled,
    ip: input.ip,
    userAgent: input.userAgent,
  });
  const accessToken = signAccessToken(
    {
      sub: user.id,
      sid: session.id,
      role: user.role,
      iat: Math.floor(session.createdAt.getTime() / 1000),
      exp: Math.floor(session.expiresAt.getTime() / 1000),
    },
    jwtSecret,
  );
  return {
    accessToken,
    userId: user.id,
    mfa: user.mfaEnabled,
    role: user.role,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    username: user.username,
  };
}

export interface AuthContext {
  userId: string;
  sessionId: string;
  role: Role;
  organisationId: string;
}

/**
 * Checks a bearer token and its server-side session. The role and organisation come from the
 * database, not the token, so a changed role takes effect at once.
 */
export async function authenticate(db: Queryable, jwtSecret: string, token: string | undefined): Promise<AuthContext> {
  if (!token) throw unauthorized();
  let claims;
  try {
    claims = verifyAccessToken(token, jwtSecret);
  } catch (error) {
    if (error instanceof TokenError && error.reason === 'expired') throw unauthorized('Session expired');
    throw unauthorized('Invalid token');
  }
  const session = await findActiveSession(db, claims.sid, claims.sub);
  if (!session) throw unauthorized('Session expired');
  // MFA is verified by a later call (api/validate/otp); until then the session opens nothing.
  if (session.mfaPending) throw unauthorized('Multi-factor verification required');
  if (session.needsTouch) await touchSession(db, session.sessionId);
  return { userId: session.userId, sessionId: session.sessionId, role: session.role, organisationId: session.organisationId };
}

export async function signOut(db: Queryable, sessionId: string): Promise<void> {
  await revokeSession(db, sessionId);
}
