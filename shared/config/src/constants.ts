import buildConstants from './build-constants.json';
// Business constants and limits of spec section 9.

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;
export const FEEDBACK_MAX_LENGTH = 250;
export const TICKET_SUBJECT_MAX_LENGTH = 100;
export const TICKET_DESCRIPTION_MAX_LENGTH = 500;

export const ALERT_AUTO_HIDE_MS = 5000;
export const ALERT_ANCHOR = { vertical: 'top', horizontal: 'center' } as const;
export const ALERT_TOP_MARGIN_PX = 10;
export const CLOSE_ALERT_LABEL = 'Close';

/** Auto-hide of the change-password, feedback and ticket dialog snackbars. */
export const SNACKBAR_AUTO_HIDE_MS = 6000;
/** Plain snackbar default: bottom-left, no auto-hide. */
export const SNACKBAR_DEFAULT_ANCHOR = { vertical: 'bottom', horizontal: 'left' } as const;

/** Notification (snackbar) state defaults of spec section 3. */
export const NOTIFICATION_DEFAULTS = Object.freeze({
  open: false,
  message: 'Note archived',
  anchorOrigin: Object.freeze({ vertical: 'bottom', horizontal: 'right' } as const),
  variant: 'default',
  alert: Object.freeze({ color: 'primary', variant: 'filled' } as const),
  transition: 'Fade',
  close: true,
  actionButton: false,
} as const);

// Spec section 8: a chunk load failure raises an error after 120 s. In JSON so the webpack factory
// (shared/mf-build, plain CommonJS) reads the same number.
export const CHUNK_LOAD_TIMEOUT_MS: number = buildConstants.chunkLoadTimeoutMs;
/** Where chunk loaders find script hashes (issue 23): the host's in an index.html element of this id, ... */
export const HOST_INTEGRITY_ELEMENT_ID: string = buildConstants.hostIntegrityElementId;
/** ... each remote version's in this window property, keyed by the version folder's URL (see shared/mf-build's chunk-integrity-plugin.cjs). */
export const REMOTE_INTEGRITY_GLOBAL: string = buildConstants.remoteIntegrityGlobal;

export const DRAWER_WIDTH = 260;
export const MINI_DRAWER_WIDTH = 72;
/** Spec: "3, meaning not shown"; read as the grid spacing unit of the dashboard layout. */
export const GRID_SPACING = 3;
/** Spec: "6 next to the landing path"; read as the horizontal menu's item count before "More Items". */
export const HORIZONTAL_MAX_ITEMS = 6;

export const BREADCRUMB_MAX_ITEMS = 8;
export const BREADCRUMB_ITEMS_BEFORE_COLLAPSE = 1;
export const BREADCRUMB_ITEMS_AFTER_COLLAPSE = 1;

export const DEBOUNCE_MS = 166;
export const MENU_TYPEAHEAD_RESET_MS = 500;
export const RIPPLE_DURATION_MS = 550;

export const BREAKPOINTS = Object.freeze({ xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 } as const);

export const Z_INDEX = Object.freeze({
  appBar: 1100,
  drawer: 1200,
  modal: 1300,
  loadingBar: 1301,
  snackbar: 1400,
  tooltip: 1500,
} as const);

export const LOADING_BAR_Z_INDEX = Z_INDEX.loadingBar;
export const LOADING_BAR_HEIGHT_PX = 4;

export const TRANSITIONS = Object.freeze({ enteringScreen: 225, leavingScreen: 195 } as const);

/** URL fragments whose calls never carry the authorization and userid headers (spec section 7). */
export const PUBLIC_URL_MARKERS: readonly string[] = Object.freeze([
  'signin',
  'regions',
  'available',
  'forgot',
  'reset/otp',
  'register',
  'reset/password',
  'platform/version',
]);

/** Where the API is mounted on the portal's own origin (spec section 7: calls go to the product's own backend). */
export const API_BASE_PATH = '/backend';
/** Production default of the API base; the host overrides it from /runtime-config.json. */
export const DEFAULT_API_BASE = `${API_BASE_PATH}/`;

/** The portal server's registry of live remote versions, read by the host (no-store). */
export const REGISTRY_PATH = '/remotes.json';
/** A canary is judged once at least this many users loaded it or reported it failing... */
export const CANARY_MIN_LOADS = 4;
/** ... and rolled back by itself when its share of failed loads exceeds the current version's by this much. */
export const CANARY_FAILURE_MARGIN = 0.25;
/** The cookie that holds a browser session's random draw for canaries (sticky per session). */
export const CANARY_SESSION_COOKIE = 'portal_canary';
/** The SRI hash of every script of one remote version, recorded at publish: `${REMOTE_INTEGRITY_PATH}/<name>/<version>`. */
export const REMOTE_INTEGRITY_PATH = '/remote-integrity';
/** The portal server's settings for the browser (API base, allowed remote origins, demo mode). */
export const RUNTIME_CONFIG_PATH = '/runtime-config.json';

/** Microsoft Graph v1.0 of the global cloud: the default of a tenant's Graph base URL. */
export const GRAPH_BASE_URL_DEFAULT = 'https://graph.microsoft.com/v1.0';
/** The identity platform of the global cloud: the default authority of tenants and of the provider's app. */
export const AUTHORITY_URL_DEFAULT = 'https://login.microsoftonline.com';

/**
 * The Microsoft Graph application permissions (app roles) the backup needs in a tenant, each with what
 * it is for: the provider's app registration requires exactly these, and a tenant's page compares them
 * with the roles its access token carries.
 */
export const REQUIRED_GRAPH_PERMISSIONS = [
  { name: 'User.Read.All', purpose: 'List the users to back up' },
  { name: 'Group.Read.All', purpose: 'List groups and teams' },
  { name: 'Organization.Read.All', purpose: "Read the organisation's name for the connection test" },
  { name: 'Mail.ReadWrite', purpose: 'Back up and restore mailboxes' },
  { name: 'Calendars.ReadWrite', purpose: 'Back up and restore calendars' },
  { name: 'Contacts.ReadWrite', purpose: 'Back up and restore contacts' },
  { name: 'Files.ReadWrite.All', purpose: 'Back up and restore OneDrive' },
  { name: 'Sites.ReadWrite.All', purpose: 'Back up and restore SharePoint sites' },
  { name: 'ChannelMessage.Read.All', purpose: 'Back up Teams channel messages' },
] as const;
export type GraphPermission = (typeof REQUIRED_GRAPH_PERMISSIONS)[number]['name'];

// Issue 21: the sign-in page is sent prerendered (host/scripts/prerender-login.tsx). Its markup sits in
// the element of this id until the app has drawn the same page, ...
export const PRERENDERED_ELEMENT_ID: string = buildConstants.prerenderedElementId;
/** ... where the id of a form whose button was pressed before the app took over is kept (its attribute), ... */
export const PRERENDERED_SUBMIT_ATTRIBUTE: string = buildConstants.prerenderedSubmitAttribute;
/** ... and a browser whose stored settings would draw it differently sets this cookie to "plain" and gets the plain shell. */
export const PLAIN_SHELL_COOKIE: string = buildConstants.plainShellCookie;
// A signed-in visit paints the shell as it was last drawn (storageKeys.shellSnapshot) in the element of
// this id, an inert overlay, until the app has drawn its own (host/src/lib/shell-snapshot.ts).
export const SHELL_SNAPSHOT_ELEMENT_ID: string = buildConstants.shellSnapshotElementId;
/** ... with its font faces in the document's <style> of this id (a shadow root's @font-face rules are ignored). */
export const SHELL_SNAPSHOT_FONTS_ELEMENT_ID: string = buildConstants.shellSnapshotFontsElementId;
/** The snapshot's format: one written in another format (by a build before or after) is not shown. */
export const SHELL_SNAPSHOT_FORMAT: number = buildConstants.shellSnapshotFormat;
/** index.html's JSON list of the scripts its first script adds (shared/mf-build's host-pages.cjs): entry, chunks, signedIn. */
export const FIRST_SCRIPTS_ELEMENT_ID: string = buildConstants.firstScriptsElementId;
