import { authStore, getSessionUser } from '@portal/auth-bridge';

/** Spec section 7: the user id for support and feedback calls is read from session storage. */
export function currentUserId(): string | undefined {
  return getSessionUser()?.userId ?? authStore.getState().user?.userId ?? undefined;
}
