import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { useMenu, useT } from '@portal/ui';
import { Suspense, lazy } from 'react';
import { useNavigate } from 'react-router-dom';
import { prefetchRoute } from '../../../lib/federation/prefetch';
import { routeById } from '../../../lib/routes/route-table';
import { menuTitleKey, type MenuNode, type RemoteDialogRef } from '../lib/menu-items';
import { MenuIcon } from './menu-icon';
import { MenuItemsError } from './menu-items-error';

type Props = {
  nodes: readonly MenuNode[];
  onOpenDialog: (dialog: RemoteDialogRef) => void;
  /** Called after a navigation, so a temporary (mobile) drawer can close. */
  onNavigate?: () => void;
  /** Mini drawer: icons only; the text stays for screen readers and shows as a tooltip. */
  mini?: boolean;
};

// Visually hidden but read out: the accessible name of an icon-only entry stays its title.
const hiddenText = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

// Only the collapsed (mini) drawer names its entries in tooltips: Tooltip and Popper (about 12 KB
// gzip) load when it first collapses. Collapsing re-creates the entries anyway (wrapped or not).
const Tooltip = lazy(() => import('@mui/material/Tooltip'));

/** The vertical menu (drawer), selected entry from the menu store, which follows the route. */
export function SidebarMenu({ nodes, onOpenDialog, onNavigate, mini = false }: Props) {
  const navigate = useNavigate();
  const t = useT();
  const selected = useMenu((s) => s.selectedItem[0] ?? null);

  const entry = (node: MenuNode & { type: 'item' | 'popup' }, nested: boolean) => {
    const title = t(menuTitleKey(node));
    const isSelected = node.type === 'item' && selected === node.id;
    const onClick = () => {
      if (node.type === 'item') {
        const route = routeById(node.routeId);
        if (route) navigate(route.path);
      } else {
        onOpenDialog(node.dialog);
      }
      onNavigate?.();
    };
    // Pointing at or tabbing to an entry starts loading its page.
    const prefetch = () => prefetchRoute(node.type === 'item' ? routeById(node.routeId) : { owner: node.dialog.remote, module: node.dialog.module });
    const button = (
      <ListItemButton
        onMouseEnter={prefetch}
        onFocus={prefetch}
        selected={isSelected}
        aria-current={isSelected ? 'page' : undefined}
        aria-haspopup={node.type === 'popup' ? 'dialog' : undefined}
        sx={{ mb: 0.5, minHeight: 44, pl: mini ? 2.5 : nested ? 3 : 2, justifyContent: mini ? 'center' : 'flex-start' }}
        onClick={onClick}
      >
        <ListItemIcon sx={{ color: 'inherit', minWidth: mini ? 0 : 36 }}>
          <MenuIcon id={node.id} />
        </ListItemIcon>
        <ListItemText primary={title} sx={mini ? hiddenText : undefined} />
      </ListItemButton>
    );
    // Each entry sits in an <li>: a list may only hold list items (axe "list").
    return (
      <ListItem key={node.id} disablePadding sx={{ display: 'block' }}>
        {mini ? (
          <Suspense fallback={button}>
            <Tooltip title={title} placement="right" disableInteractive>
              {button}
            </Tooltip>
          </Suspense>
        ) : (
          button
        )}
      </ListItem>
    );
  };

  const renderNode = (node: MenuNode, nested: boolean) => {
    switch (node.type) {
      case 'item':
      case 'popup':
        return entry(node, nested);
      case 'group':
        return (
          <ListItem key={node.id} disablePadding sx={{ display: 'block' }}>
            <List
              aria-labelledby={`menu-group-${node.id}`}
              subheader={
                <ListSubheader
                  id={`menu-group-${node.id}`}
                  disableSticky
                  sx={{ bgcolor: 'transparent', lineHeight: '36px', ...(mini ? hiddenText : {}) }}
                >
                  {t(menuTitleKey(node))}
                </ListSubheader>
              }
              disablePadding
            >
              {mini ? <Divider component="li" role="separator" sx={{ my: 1 }} /> : null}
              {node.children.map((child) => renderNode(child, true))}
            </List>
          </ListItem>
        );
      default:
        return <MenuItemsError key={`menu-error-${(node as { id?: string }).id ?? ''}`} />;
    }
  };

  return <List sx={{ px: mini ? 1 : 1.5 }}>{nodes.map((n) => renderNode(n, false))}</List>;
}
