import { jwtDecode } from 'jwt-decode';
import { storageKeys } from '@portal/config';

export const getServiceToken = (): string | null => window.localStorage.getItem(storageKeys.serviceToken);

/** Stores a new session's token. The shell last drawn here may be another user's: it is not painted for this one. */
export const setServiceToken = (token: string): void => {
  window.localStorage.removeItem(storageKeys.shellSnapshot);
  window.localStorage.setItem(storageKeys.serviceToken, token);
};

export const clearServiceToken = (): void => {
  window.localStorage.removeItem(storageKeys.serviceToken);
};

/**
 * True only when the token decodes and carries a numeric `exp` (seconds) later than now.
 * No signature check: the server verifies every call; this only avoids showing a dead session.
 */
export const isValidToken = (token: string | null | undefined, nowMs: number = Date.now()): boolean => {
  if (!token) return false;
  try {
    const { exp } = jwtDecode<{ exp?: unknown }>(token);
    return typeof exp === 'number' && Number.isFinite(exp) && exp > nowMs / 1000;
  } catch {
    return false;
  }
};
