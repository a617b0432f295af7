import { authStore, clearClientSession } from '@portal/auth-bridge';
import { paths } from '@portal/config';
import { signout } from '@portal/contracts/calls';
import type { NavigateFunction } from 'react-router-dom';

/**
 * Spec section 4, logout, after a password change. The server has already revoked every session of the
 * user, so the sign-out call may answer 401: the local clean-up runs whatever it answers.
 */
export async function logoutAfterPasswordChange(userId: string, navigate: NavigateFunction): Promise<void> {
  try {
    await signout(userId);
  } catch (error) {
    console.error(error);
  }
  clearClientSession();
  authStore.getState().logout();
  navigate(paths.login, { replace: true });
}
