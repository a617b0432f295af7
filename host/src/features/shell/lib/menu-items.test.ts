import { ROLES } from '@portal/config';
import { flattenTitles, menuForRole } from './menu-items';

const PARTNER_SIDE_MENU = [
  'Dashboard',
  'User Management',
  'User Activity',
  'Settings',
  'Profile',
  'Notification',
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
  'Settings',
  'Profile',
  'Notification',
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
