import { authStore } from '@portal/auth-bridge';
import { storageKeys } from '@portal/config';
import type { WhitelabelResponse } from '@portal/contracts';
import { getWhitelabel } from '@portal/contracts/first-page-calls';
import { errorMessageOf, unwrap } from '@portal/request';
import { menuStore, type WhiteLabelView } from './menu-store';

/** The shell's view of the white-label settings (spec section 3), without the editor-only fields. */
export function toWhiteLabelView(
  data: Pick<WhitelabelResponse, 'copyrightText' | 'whitelabelImageUrl' | 'whiteLabelEmail'> & { presetColor?: string | null },
): WhiteLabelView {
  return {
    copyrightText: data.copyrightText ?? null,
    whitelabelImageUrl: data.whitelabelImageUrl ?? null,
    whiteLabelEmail: data.whiteLabelEmail ?? null,
    presetColor: data.presetColor ?? null,
  };
}

function isView(value: unknown): value is WhiteLabelView {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const textOrNull = (key: string) => v[key] === null || v[key] === undefined || typeof v[key] === 'string';
  return textOrNull('copyrightText') && textOrNull('whitelabelImageUrl') && textOrNull('whiteLabelEmail') && textOrNull('presetColor');
}

/** Sets the data in the menu state and caches it under `whitelabel` (local storage). */
export function applyWhiteLabel(view: WhiteLabelView): void {
  menuStore.getState().setWhiteLabelData(view);
  try {
    window.localStorage.setItem(storageKeys.whitelabel, JSON.stringify(view));
  } catch {
    // Storage blocked: the data still applies to this page.
  }
}

/**
 * Spec section 4 "white-label load", per user id: success -> the data (and the cache); an
 * errorMessage or an exception -> the menu state's error, with nothing shown to the user.
 */
export async function loadWhiteLabel(userId: string): Promise<void> {
  try {
    applyWhiteLabel(toWhiteLabelView(unwrap(await getWhitelabel(userId)) as WhitelabelResponse));
  } catch (error) {
    menuStore.getState().setMenuError(errorMessageOf(error));
  }
}

let watchingLogout = false;

/**
 * Start-up: the cached white-label data applies at once (no flash of the default logo); a restored
 * session then refreshes it in the background, so a brand change made elsewhere shows on reload.
 * Logout drops the in-memory copy along with the cached one.
 */
export function restoreWhiteLabel(): void {
  try {
    const raw = window.localStorage.getItem(storageKeys.whitelabel);
    const cached: unknown = raw ? JSON.parse(raw) : null;
    if (isView(cached)) menuStore.getState().setWhiteLabelData(toWhiteLabelView(cached));
  } catch {
    // A corrupt cache is ignored; the next load replaces it.
  }
  const { isLoggedIn, user } = authStore.getState();
  if (isLoggedIn && user) void loadWhiteLabel(user.userId);
  if (!watchingLogout) {
    watchingLogout = true;
    authStore.subscribe((state, previous) => {
      if (previous.isLoggedIn && !state.isLoggedIn) menuStore.getState().setWhiteLabelData(null);
    });
  }
}
