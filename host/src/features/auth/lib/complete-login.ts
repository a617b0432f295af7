import { authStore, type SessionUser } from '@portal/auth-bridge';
import { paths } from '@portal/config';
import type { NavigateFunction } from 'react-router-dom';
import { runPostLoginSteps } from './post-login';

/** Spec section 4: run the post-login steps, set logged in, go to the dashboard (replace). */
export async function completeLogin(user: SessionUser, navigate: NavigateFunction): Promise<void> {
  await runPostLoginSteps(user.userId);
  authStore.getState().login(user);
  navigate(paths.dashboard, { replace: true });
}
