import { storageKeys } from '@portal/config';
import { getProfile } from '@portal/contracts/calls';
import { platformVersionStore } from '../../../lib/platform-version-store';

/** Post-login step 1: the profile, cached in local storage `profile` for the shell and remotes. */
export async function cacheProfile(userId: string): Promise<void> {
  try {
    const result = (await getProfile(userId)) as { errorMessage?: string };
    if (result && !result.errorMessage) {
      window.localStorage.setItem(storageKeys.profile, JSON.stringify(result));
    }
  } catch (error) {
    console.error(error);
  }
}

/** The two post-login initialisation steps of spec section 4; neither may block the login. */
export async function runPostLoginSteps(userId: string): Promise<void> {
  await Promise.allSettled([cacheProfile(userId), platformVersionStore.getState().load()]);
}
