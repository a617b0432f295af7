import { isRole, storageKeys, type Role } from '@portal/config';

/** The signed-in user summary kept in sessionStorage under `user` (spec section 3). */
export interface SessionUser {
  userId: string;
  role: Role;
  mfa: boolean;
  email: string;
  firstName: string;
  lastName: string;
  username: string;
}

// A tampered or half-written entry must not pass for a signed-in user.
export const isSessionUser = (value: unknown): value is SessionUser => {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.userId === 'string' &&
    v.userId.length > 0 &&
    isRole(v.role) &&
    typeof v.mfa === 'boolean' &&
    typeof v.email === 'string' &&
    typeof v.firstName === 'string' &&
    typeof v.lastName === 'string' &&
    typeof v.username === 'string'
  );
};

/** The stored user, or null when absent, unparseable or malformed. */
export const getSessionUser = (): SessionUser | null => {
  const raw = window.sessionStorage.getItem(storageKeys.user);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return isSessionUser(parsed) ? parsed : null;
  } catch {
    return null;
  }
};

/** Keeps only the summary fields, so a full sign-in response (with its token) can be passed in. */
export const setSessionUser = (user: SessionUser): void => {
  const { userId, role, mfa, email, firstName, lastName, username } = user;
  window.sessionStorage.setItem(storageKeys.user, JSON.stringify({ userId, role, mfa, email, firstName, lastName, username }));
};

export const clearSessionUser = (): void => {
  window.sessionStorage.removeItem(storageKeys.user);
};
