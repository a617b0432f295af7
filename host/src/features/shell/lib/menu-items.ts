import { ALL_ROLES, type Role } from '@portal/config';
import type { MessageKey } from '@portal/ui';
import { matchPath } from 'react-router-dom';
import { ROUTES, existsInMode, routeById } from '../../../lib/routes/route-table';

/** A remote dialog opened by a popup menu entry. */
export interface RemoteDialogRef {
  remote: 'account_settings' | 'support';
  module: string;
  title: string;
}

export type MenuNode =
  | { type: 'item'; id: string; title: string; routeId: string }
  | { type: 'popup'; id: string; title: string; dialog: RemoteDialogRef; roles: readonly Role[] }
  | { type: 'group'; id: string; title: string; children: MenuNode[] };

// Spec section 2 menu; an item's roles come from its route, so a URL and its roles live once.
// Alerts follows the spec's items, before the groups: every role may open /alerts.
export const MENU: readonly MenuNode[] = [
  { type: 'item', id: 'dashboard', title: 'Dashboard', routeId: 'dashboard' },
  { type: 'item', id: 'userManagement', title: 'User Management', routeId: 'userManagement' },
  { type: 'item', id: 'backup', title: 'Backup', routeId: 'backup' },
  { type: 'item', id: 'restore', title: 'Restore', routeId: 'restore' },
  { type: 'item', id: 'jobs', title: 'Jobs', routeId: 'jobs' },
  { type: 'item', id: 'userActivity', title: 'User Activity', routeId: 'userActivity' },
  { type: 'item', id: 'alerts', title: 'Alerts', routeId: 'alerts' },
  { type: 'item', id: 'outbox', title: 'Outbox', routeId: 'outbox' },
  {
    type: 'group',
    id: 'settings',
    title: 'Settings',
    children: [
      { type: 'item', id: 'profile', title: 'Profile', routeId: 'profile' },
      { type: 'item', id: 'notification', title: 'Notification', routeId: 'notification' },
      { type: 'item', id: 'apiKeys', title: 'API Keys', routeId: 'apiKeys' },
      { type: 'item', id: 'webhooks', title: 'Webhooks', routeId: 'webhooks' },
      { type: 'item', id: 'usage', title: 'Usage', routeId: 'usage' },
      { type: 'item', id: 'whitelabel', title: 'Whitelabel', routeId: 'whitelabel' },
    ],
  },
  {
    type: 'group',
    id: 'support',
    title: 'Support',
    children: [
      {
        type: 'popup',
        id: 'feedback',
        title: 'Feedback',
        roles: ALL_ROLES,
        dialog: { remote: 'support', module: './FeedbackDialog', title: 'Feedback' },
      },
      {
        type: 'popup',
        id: 'raiseTicket',
        title: 'Raise Ticket',
        roles: ALL_ROLES,
        dialog: { remote: 'support', module: './RaiseTicketDialog', title: 'Raise Ticket' },
      },
    ],
  },
];

function visible(node: MenuNode, role: Role, demo: boolean): MenuNode | null {
  switch (node.type) {
    case 'item': {
      const route = routeById(node.routeId);
      return route && route.roles.includes(role) && existsInMode(route, demo) ? node : null;
    }
    case 'popup':
      return node.roles.includes(role) ? node : null;
    case 'group': {
      const children = node.children.map((c) => visible(c, role, demo)).filter((c): c is MenuNode => c !== null);
      return children.length > 0 ? { ...node, children } : null;
    }
  }
}

/** The menu a role sees (spec section 6); empty groups disappear, and demo-only pages outside demo mode. */
export function menuForRole(role: Role | null | undefined, menu: readonly MenuNode[] = MENU, demo = false): MenuNode[] {
  if (!role) return [];
  return menu.map((n) => visible(n, role, demo)).filter((n): n is MenuNode => n !== null);
}

/** The i18n key of a menu entry's title (the English catalogue holds `title`). */
export const menuTitleKey = (node: Pick<MenuNode, 'id'>): MessageKey => `menu.${node.id}` as MessageKey;

/** The menu entry (and its group) that stands for a path: the page's own item or its nearest ancestor's. */
export function selectionForPath(nodes: readonly MenuNode[], pathname: string): { itemId: string; groupId: string | null } | null {
  const route = ROUTES.find((r) => r.access === 'protected' && matchPath({ path: r.path, end: true }, pathname));
  const items = new Map<string, { itemId: string; groupId: string | null }>();
  const collect = (list: readonly MenuNode[], groupId: string | null) => {
    for (const node of list) {
      if (node.type === 'item') items.set(node.routeId, { itemId: node.id, groupId });
      else if (node.type === 'group') collect(node.children, node.id);
    }
  };
  collect(nodes, null);
  for (let id = route?.id; id; id = routeById(id)?.parent) {
    const hit = items.get(id);
    if (hit) return hit;
  }
  return null;
}

/** Titles in display order, groups before their children (used by tests and type-ahead). */
export function flattenTitles(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((n) => (n.type === 'group' ? [n.title, ...flattenTitles(n.children)] : [n.title]));
}
