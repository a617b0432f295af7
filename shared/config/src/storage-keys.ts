// Every browser-storage key the portal uses, in one place so logout can clear them all.
import buildConstants from './build-constants.json';

export const storageKeys = {
  /** localStorage: the JWT returned by sign-in (also read by the prerendered sign-in page's first script, hence the build constant). */
  serviceToken: buildConstants.serviceTokenStorageKey,
  /** localStorage: the cached user profile. */
  profile: 'profile',
  /** localStorage: the cached white-label data. */
  whitelabel: 'whitelabel',
  /** localStorage: the language preference. */
  language: 'language',
  /** localStorage: the display settings (theme and layout). */
  berryConfig: 'berry-config',
  /** sessionStorage: the signed-in user summary. */
  user: 'user',
  /** localStorage: the menu slice of the client store (drawer, selected item). */
  menu: 'portal-menu',
  /** localStorage: the signed-in shell as last drawn, painted before the scripts run at the next visit (host/src/lib/shell-snapshot.ts; read by the plain shell's first script, hence the build constant). */
  shellSnapshot: buildConstants.shellSnapshotStorageKey,
  /** sessionStorage: the snackbar slice of the client store. */
  snackbar: 'portal-snackbar',
} as const;

export type StorageKey = (typeof storageKeys)[keyof typeof storageKeys];
