// The one module that spells the portal's URLs (spec section 2).

export interface RouteWithParams<P extends Record<string, string | number>> {
  /** react-router pattern, e.g. `/view-users/:backupSetType/:backupSetId/:from`. */
  pattern: string;
  /** A concrete URL with every parameter URI-encoded. */
  build: (params: P) => string;
}

// Builds pattern and builder from one ordered list of names so the two cannot disagree.
const route = <K extends string>(base: string, names: readonly K[]): RouteWithParams<Record<K, string | number>> => ({
  pattern: `${base}/${names.map((n) => `:${n}`).join('/')}`,
  build: (params) => `${base}/${names.map((n) => encodeURIComponent(String(params[n]))).join('/')}`,
});

export type BackupSetParams = { backupSetType: string | number; backupSetId: string | number; from: string | number };
export type BackupSetUserParams = {
  backupSetType: string | number;
  backupSetUserId: string | number;
  backupSetId: string | number;
};
export type BackupSetUserFromParams = BackupSetUserParams & { from: string | number };

export const paths = {
  root: '/',
  login: '/login',
  register: '/register',
  forgot: '/forgot',
  codeVerification: '/code-verification',
  mfaVerification: '/mfa-verification',
  reset: '/reset',
  /** The link in an invitation e-mail (admin-ops page): the invitee sets a password. */
  acceptInvite: '/accept-invite',

  dashboard: '/dashboard',
  userActivity: '/user-activity',
  profile: '/profile',
  whitelabel: '/whitelabel',
  notification: '/notification',
  /** Not a spec route (issue 22): the organisation's public API keys, under Settings. */
  apiKeys: '/api-keys',
  /** Not a spec route (issue 22): the organisation's signed webhooks, under Settings. */
  webhooks: '/webhooks',
  /** Not a spec route (issue 22): usage per customer and day and the monthly usage reports, under Settings. */
  usage: '/usage',
  userManagement: '/user-management',
  support: '/support',
  healthCheck: '/health-check',
  grafana: '/grafana',
  jobs: '/jobs',
  backup: '/backup',
  restore: '/restore',
  snapshotMapping: '/snapshot-mapping',
  feedbacks: '/feedbacks',
  alerts: '/alerts',
  supportTickets: '/support-tickets',
  operator: '/operator',
  /** Demo mode only (not a spec route): the ADMIN reads the mail the demo kept instead of sending. */
  outbox: '/outbox',

  viewUsers: route('/view-users', ['backupSetType', 'backupSetId', 'from'] as const) as RouteWithParams<BackupSetParams>,
  viewSnapshots: route('/view-snapshots', ['backupSetType', 'backupSetUserId', 'backupSetId'] as const) as RouteWithParams<BackupSetUserParams>,
  itemSearch: route('/item-search', ['backupSetType', 'backupSetUserId', 'backupSetId'] as const) as RouteWithParams<BackupSetUserParams>,
  m365Services: route('/m365-services', ['backupSetType', 'backupSetUserId', 'backupSetId', 'from'] as const) as RouteWithParams<BackupSetUserFromParams>,
  sharepoint: route('/sharepoint', ['backupSetType', 'backupSetId', 'from'] as const) as RouteWithParams<BackupSetParams>,
  groups: route('/groups', ['backupSetType', 'backupSetId', 'from'] as const) as RouteWithParams<BackupSetParams>,
  teams: route('/teams', ['backupSetType', 'backupSetId', 'from'] as const) as RouteWithParams<BackupSetParams>,
} as const;

/** Public routes: a user who is already logged in is sent to the dashboard. */
export const PUBLIC_PATHS: readonly string[] = [
  paths.root,
  paths.login,
  paths.register,
  paths.forgot,
  paths.codeVerification,
  paths.mfaVerification,
  paths.reset,
  paths.acceptInvite,
];

/** Protected routes without parameters. */
export const PROTECTED_PATHS: readonly string[] = [
  paths.dashboard,
  paths.userActivity,
  paths.profile,
  paths.whitelabel,
  paths.notification,
  paths.apiKeys,
  paths.webhooks,
  paths.usage,
  paths.userManagement,
  paths.support,
  paths.healthCheck,
  paths.grafana,
  paths.jobs,
  paths.backup,
  paths.restore,
  paths.snapshotMapping,
  paths.feedbacks,
  paths.alerts,
  paths.supportTickets,
  paths.operator,
];

/** Router patterns of the parameterised protected routes. */
export const PARAMETERISED_PATTERNS: readonly string[] = [
  paths.viewUsers.pattern,
  paths.viewSnapshots.pattern,
  paths.itemSearch.pattern,
  paths.m365Services.pattern,
  paths.sharepoint.pattern,
  paths.groups.pattern,
  paths.teams.pattern,
];

/** The default landing path after login. */
export const DEFAULT_PATH = paths.dashboard;
