import { authStore, getSessionUser } from '@portal/auth-bridge';

/** Spec section 7: the user id for every call is read from session storage. */
export function currentUserId(): string | null {
  return getSessionUser()?.userId ?? authStore.getState().user?.userId ?? null;
}

/** The signed-in role, for showing what the API would refuse anyway. */
export function currentRole(): string | null {
  return getSessionUser()?.role ?? authStore.getState().user?.role ?? null;
}
