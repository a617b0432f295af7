import { ALL_ROLES, ROLES, paths, type Role } from '@portal/config';
import type { MessageKey } from '@portal/ui';

export type RouteOwner = 'host' | 'account_settings' | 'support' | 'backup_sets' | 'admin_ops';
export type RouteAccess = 'public' | 'protected';

export interface RouteDefinition {
  /** Stable id used by the menu and the breadcrumbs. */
  id: string;
  /** react-router path or pattern, always taken from @portal/config `paths`. */
  path: string;
  owner: RouteOwner;
  /** Exposed module name (e.g. './ProfilePage'); host-owned pages use the same naming. */
  module: string;
  /** Breadcrumb and page title. */
  title: string;
  /** Id of the route shown before this one in the breadcrumb trail. */
  parent?: string;
  access: RouteAccess;
  /** Roles that may open the route (spec section 6, menu visibility). */
  roles: readonly Role[];
  /** Exists only while the server runs in demo mode (runtime-config.json `demo`). */
  demoOnly?: boolean;
}

const ALL = ALL_ROLES;
const PARTNER_SIDE: readonly Role[] = [ROLES.ADMIN, ROLES.PARTNER, ROLES.DIRECTPARTNER];
const CUSTOMER_SIDE: readonly Role[] = [ROLES.CUSTOMER, ROLES.DIRECTCUSTOMER];
const ADMIN_ONLY: readonly Role[] = [ROLES.ADMIN];

const pub = (id: string, path: string, module: string, title: string, owner: RouteOwner = 'host'): RouteDefinition => ({
  id,
  path,
  owner,
  module,
  title,
  access: 'public',
  roles: ALL,
});

const prot = (
  id: string,
  path: string,
  owner: RouteOwner,
  module: string,
  title: string,
  roles: readonly Role[],
  parent?: string,
): RouteDefinition => ({ id, path, owner, module, title, roles, parent, access: 'protected' });

// The single table of spec section 2 routes with the ownership of ARCHITECTURE.md.
export const ROUTES: readonly RouteDefinition[] = [
  pub('root', paths.root, './LoginPage', 'Login'),
  pub('login', paths.login, './LoginPage', 'Login'),
  pub('register', paths.register, './RegisterPage', 'Register'),
  pub('forgot', paths.forgot, './ForgotPasswordPage', 'Forgot Password'),
  pub('codeVerification', paths.codeVerification, './CodeVerificationPage', 'Code Verification'),
  pub('mfaVerification', paths.mfaVerification, './MfaVerificationPage', 'MFA Verification'),
  pub('reset', paths.reset, './ResetPasswordPage', 'Reset Password'),
  pub('acceptInvite', paths.acceptInvite, './AcceptInvitePage', 'Accept Invitation', 'admin_ops'),

  prot('dashboard', paths.dashboard, 'host', './DashboardPage', 'Dashboard', ALL),
  prot('userActivity', paths.userActivity, 'admin_ops', './UserActivityPage', 'User Activity', ALL),
  prot('profile', paths.profile, 'account_settings', './ProfilePage', 'Profile', ALL, 'settings'),
  prot('whitelabel', paths.whitelabel, 'account_settings', './WhitelabelPage', 'Whitelabel', PARTNER_SIDE, 'settings'),
  prot('notification', paths.notification, 'account_settings', './NotificationPage', 'Notification', ALL, 'settings'),
  // Every tier manages its own organisation's keys (issue 22).
  prot('apiKeys', paths.apiKeys, 'account_settings', './ApiKeysPage', 'API Keys', ALL, 'settings'),
  prot('webhooks', paths.webhooks, 'account_settings', './WebhooksPage', 'Webhooks', ALL, 'settings'),
  // Every tier reads the usage of the customers it serves (a customer: its own) (issue 22).
  prot('usage', paths.usage, 'account_settings', './UsagePage', 'Usage', ALL, 'settings'),
  prot('userManagement', paths.userManagement, 'admin_ops', './UserManagementPage', 'User Management', PARTNER_SIDE),
  prot('support', paths.support, 'support', './SupportPage', 'Support', ALL),
  prot('healthCheck', paths.healthCheck, 'admin_ops', './HealthCheckPage', 'Health Check', ADMIN_ONLY),
  prot('grafana', paths.grafana, 'admin_ops', './GrafanaPage', 'Grafana', ADMIN_ONLY),
  prot('jobs', paths.jobs, 'backup_sets', './JobsPage', 'Jobs', CUSTOMER_SIDE),
  prot('backup', paths.backup, 'backup_sets', './BackupPage', 'Backup', CUSTOMER_SIDE),
  prot('restore', paths.restore, 'backup_sets', './RestorePage', 'Restore', CUSTOMER_SIDE),
  prot('snapshotMapping', paths.snapshotMapping, 'backup_sets', './SnapshotMappingPage', 'Snapshot Mapping', CUSTOMER_SIDE, 'backup'),
  prot('feedbacks', paths.feedbacks, 'support', './FeedbacksPage', 'Feedbacks', ALL, 'support'),
  prot('alerts', paths.alerts, 'admin_ops', './AlertsPage', 'Alerts', ALL),
  prot('supportTickets', paths.supportTickets, 'support', './SupportTicketsPage', 'Support Tickets', ALL, 'support'),
  prot('operator', paths.operator, 'admin_ops', './OperatorPage', 'Operator', ADMIN_ONLY),
  { ...prot('outbox', paths.outbox, 'admin_ops', './OutboxPage', 'Outbox', ADMIN_ONLY), demoOnly: true },

  prot('viewUsers', paths.viewUsers.pattern, 'backup_sets', './ViewUsersPage', 'View Users', CUSTOMER_SIDE, 'backup'),
  prot('viewSnapshots', paths.viewSnapshots.pattern, 'backup_sets', './ViewSnapshotsPage', 'View Snapshots', CUSTOMER_SIDE, 'backup'),
  prot('itemSearch', paths.itemSearch.pattern, 'backup_sets', './ItemSearchPage', 'Item Search', CUSTOMER_SIDE, 'backup'),
  prot('m365Services', paths.m365Services.pattern, 'backup_sets', './M365ServicesPage', 'M365 Services', CUSTOMER_SIDE, 'backup'),
  prot('sharepoint', paths.sharepoint.pattern, 'backup_sets', './SharepointPage', 'SharePoint', CUSTOMER_SIDE, 'backup'),
  prot('groups', paths.groups.pattern, 'backup_sets', './GroupsPage', 'Groups', CUSTOMER_SIDE, 'backup'),
  prot('teams', paths.teams.pattern, 'backup_sets', './TeamsPage', 'Teams', CUSTOMER_SIDE, 'backup'),
];

/** One breadcrumb: English title (tests, fallbacks), i18n key, and a link when it is a page. */
export interface Crumb {
  title: string;
  key: MessageKey;
  path?: string;
}

/** The i18n key of a route's title (every route id has one in the English catalogue). */
export const routeTitleKey = (id: string): MessageKey => `route.${id}` as MessageKey;

/** Breadcrumb-only nodes: groups that are not pages of their own. */
export const BREADCRUMB_GROUPS: Readonly<Record<string, Crumb>> = {
  settings: { title: 'Settings', key: routeTitleKey('settings') },
};

export const routeById = (id: string): RouteDefinition | undefined => ROUTES.find((r) => r.id === id);

export const canAccess = (route: Pick<RouteDefinition, 'roles'>, role: Role | undefined | null): boolean =>
  !!role && route.roles.includes(role);

/** A demo-only route does not exist on a real portal: no menu entry, and its URL is a 404. */
export const existsInMode = (route: Pick<RouteDefinition, 'demoOnly'>, demo: boolean): boolean => !route.demoOnly || demo;

/** Titles from the dashboard down to the route, for the breadcrumb trail. */
export function breadcrumbTrail(route: RouteDefinition): Crumb[] {
  const trail: Crumb[] = [{ title: route.title, key: routeTitleKey(route.id) }];
  let parentId = route.parent;
  while (parentId) {
    const parent = routeById(parentId);
    if (parent) {
      trail.unshift({ title: parent.title, key: routeTitleKey(parent.id), path: parent.path });
      parentId = parent.parent;
    } else {
      const group = BREADCRUMB_GROUPS[parentId];
      if (group) trail.unshift(group);
      parentId = undefined;
    }
  }
  if (route.id !== 'dashboard') trail.unshift({ title: 'Dashboard', key: routeTitleKey('dashboard'), path: paths.dashboard });
  return trail;
}
