import { storageKeys } from '@portal/config';

/** Removes everything a signed-in user leaves in the browser (spec section 4, Logout). Display settings stay. */
export const clearClientSession = (): void => {
  window.localStorage.removeItem(storageKeys.serviceToken);
  window.localStorage.removeItem(storageKeys.profile);
  window.localStorage.removeItem(storageKeys.whitelabel);
  window.localStorage.removeItem(storageKeys.language);
  // The user's name and menu as last drawn.
  window.localStorage.removeItem(storageKeys.shellSnapshot);
  window.sessionStorage.removeItem(storageKeys.user);
};
