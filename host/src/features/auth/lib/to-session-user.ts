import type { SessionUser } from '@portal/auth-bridge';

/** The user summary fields of a sign-in response (spec section 3), nothing else. */
export function toSessionUser(response: SessionUser): SessionUser {
  const { userId, role, mfa, email, firstName, lastName, username } = response;
  return { userId, role, mfa: Boolean(mfa), email, firstName, lastName, username };
}
