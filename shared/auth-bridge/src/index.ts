export { authStore, initialAuthState, resetAuthStore, useAuth } from './auth-store';
export type { AuthActions, AuthState, AuthStore } from './auth-store';
export { clearServiceToken, getServiceToken, isValidToken, setServiceToken } from './service-token';
export { clearSessionUser, getSessionUser, isSessionUser, setSessionUser } from './session-user';
export type { SessionUser } from './session-user';
export { clearClientSession } from './clear-client-session';
