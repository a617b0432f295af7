import { ROLES, paths } from '@portal/config';
import { englishMessages } from '@portal/ui';
import { ROUTES, breadcrumbTrail, canAccess, routeById, routeTitleKey } from './route-table';

const owners: Record<string, string> = {
  '/': 'host',
  '/login': 'host',
  '/register': 'host',
  '/forgot': 'host',
  '/code-verification': 'host',
  '/mfa-verification': 'host',
  '/reset': 'host',
  '/accept-invite': 'admin_ops',
  '/dashboard': 'host',
  '/user-activity': 'admin_ops',
  '/profile': 'account_settings',
  '/whitelabel': 'account_settings',
  '/notification': 'account_settings',
  // Not in the spec (issue 22): the organisation's API keys and webhooks.
  '/api-keys': 'account_settings',
  '/webhooks': 'account_settings',
  // Not in the spec (issue 22): usage per customer and day, monthly usage reports.
  '/usage': 'account_settings',
  '/user-management': 'admin_ops',
  '/support': 'support',
  '/health-check': 'admin_ops',
  '/grafana': 'admin_ops',
  '/jobs': 'backup_sets',
  '/backup': 'backup_sets',
  '/restore': 'backup_sets',
  '/snapshot-mapping': 'backup_sets',
  '/feedbacks': 'support',
  '/alerts': 'admin_ops',
  '/support-tickets': 'support',
  '/operator': 'admin_ops',
  // Demo mode only (not in the spec): the mail a demo portal keeps instead of sending.
  '/outbox': 'admin_ops',
  '/view-users/:backupSetType/:backupSetId/:from': 'backup_sets',
  '/view-snapshots/:backupSetType/:backupSetUserId/:backupSetId': 'backup_sets',
  '/item-search/:backupSetType/:backupSetUserId/:backupSetId': 'backup_sets',
  '/m365-services/:backupSetType/:backupSetUserId/:backupSetId/:from': 'backup_sets',
  '/sharepoint/:backupSetType/:backupSetId/:from': 'backup_sets',
  '/groups/:backupSetType/:backupSetId/:from': 'backup_sets',
  '/teams/:backupSetType/:backupSetId/:from': 'backup_sets',
};

describe('route table', () => {
  it('holds every route of spec section 2 exactly once, with its owner', () => {
    expect(Object.fromEntries(ROUTES.map((r) => [r.path, r.owner]))).toEqual(owners);
    expect(new Set(ROUTES.map((r) => r.path)).size).toBe(ROUTES.length);
  });

  it('names an exposed module for every remote-owned route', () => {
    for (const route of ROUTES) expect(route.module).toMatch(/^\.\/[A-Z][A-Za-z0-9]+$/);
    expect(routeById('profile')?.module).toBe('./ProfilePage');
    expect(routeById('healthCheck')?.module).toBe('./HealthCheckPage');
  });

  it('applies the menu visibility of spec section 6 to routes', () => {
    const route = (path: string) => ROUTES.find((r) => r.path === path)!;
    expect(canAccess(route(paths.userManagement), ROLES.CUSTOMER)).toBe(false);
    expect(canAccess(route(paths.userManagement), ROLES.DIRECTPARTNER)).toBe(true);
    expect(canAccess(route(paths.backup), ROLES.ADMIN)).toBe(false);
    expect(canAccess(route(paths.viewUsers.pattern), ROLES.DIRECTCUSTOMER)).toBe(true);
    expect(canAccess(route(paths.whitelabel), ROLES.CUSTOMER)).toBe(false);
    expect(canAccess(route(paths.healthCheck), ROLES.PARTNER)).toBe(false);
    expect(canAccess(route(paths.healthCheck), ROLES.ADMIN)).toBe(true);
    expect(canAccess(route(paths.profile), ROLES.DIRECTCUSTOMER)).toBe(true);
    expect(canAccess(route(paths.profile), null)).toBe(false);
  });

  it('has an English title in the i18n catalogue for every route', () => {
    for (const route of ROUTES) expect(englishMessages[routeTitleKey(route.id)]).toBe(route.title);
  });

  it('builds breadcrumb trails from the dashboard', () => {
    expect(breadcrumbTrail(routeById('profile')!).map((c) => c.title)).toEqual(['Dashboard', 'Settings', 'Profile']);
    expect(breadcrumbTrail(routeById('teams')!).map((c) => c.title)).toEqual(['Dashboard', 'Backup', 'Teams']);
    expect(breadcrumbTrail(routeById('dashboard')!).map((c) => c.title)).toEqual(['Dashboard']);
  });
});
