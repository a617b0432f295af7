import { loadWhiteLabel, profileStore } from '@portal/ui/base';
import { platformVersionStore } from '../../../lib/platform-version-store';

/** Post-login step 1: the profile, into the shared profile store and local storage `profile`. */
export async function cacheProfile(userId: string): Promise<void> {
  await profileStore.getState().load(userId);
}

/**
 * The post-login initialisation steps of spec section 4 (profile, then the white-label data for the
 * shell's logo, footer and mail sender), plus the platform version for the footer. None may block
 * the login: each records its own failure in its store.
 */
export async function runPostLoginSteps(userId: string): Promise<void> {
  await Promise.allSettled([cacheProfile(userId), loadWhiteLabel(userId), platformVersionStore.getState().load()]);
}
