import { ALL_ROLES, ROLES } from '@portal/config';
import { canAccess, routeById } from '../../../lib/routes/route-table';
import { flattenTitles, menuForRole } from './menu-items';

const PARTNER_SIDE_MENU = [
  'Dashboard',
  'User Management',
  'User Activity',
  'Alerts',
  'Settings',
  'Profile',
  'Notification',
  'API Keys',
  'Webhooks',
  'Usage',
  'Whitelabel',
  'Support',
  'Feedback',
  'Raise Ticket',
];
const CUSTOMER_SIDE_MENU = [
  'Dashboard',
  'Backup',
  'Restore',
  'Jobs',
  'User Activity',
  'Alerts',
  'Settings',
  'Profile',
  'Notification',
  'API Keys',
  'Webhooks',
  'Usage',
  'Support',
  'Feedback',
  'Raise Ticket',
];

describe('menu filtered by role (spec section 6)', () => {
  it.each([
    [ROLES.ADMIN, PARTNER_SIDE_MENU],
    [ROLES.PARTNER, PARTNER_SIDE_MENU],
    [ROLES.DIRECTPARTNER, PARTNER_SIDE_MENU],
    [ROLES.CUSTOMER, CUSTOMER_SIDE_MENU],
    [ROLES.DIRECTCUSTOMER, CUSTOMER_SIDE_MENU],
  ])('%s sees exactly its items', (role, expected) => {
    expect(flattenTitles(menuForRole(role))).toEqual(expected);
  });

  it('offers Alerts to every role that may open /alerts, customers included', () => {
    const alertsRoute = routeById('alerts')!;
    for (const role of ALL_ROLES) {
      const hasEntry = menuForRole(role).some((n) => n.type === 'item' && n.routeId === 'alerts');
      expect(hasEntry).toBe(canAccess(alertsRoute, role));
    }
    expect(menuForRole(ROLES.CUSTOMER).some((n) => n.id === 'alerts')).toBe(true);
    expect(menuForRole(ROLES.DIRECTCUSTOMER).some((n) => n.id === 'alerts')).toBe(true);
  });

  it('shows nothing without a role', () => {
    expect(menuForRole(null)).toEqual([]);
  });

  it('opens the support remote dialogs from the popup entries', () => {
    const support = menuForRole(ROLES.CUSTOMER).find((n) => n.id === 'support');
    expect(support?.type === 'group' && support.children.map((c) => (c.type === 'popup' ? c.dialog.module : null))).toEqual([
      './FeedbackDialog',
      './RaiseTicketDialog',
    ]);
  });
});
