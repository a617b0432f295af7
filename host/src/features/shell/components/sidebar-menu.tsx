import { List, ListItemButton, ListItemText, ListSubheader } from '@mui/material';
import { MESSAGES } from '@portal/config';
import { matchPath, useLocation, useNavigate } from 'react-router-dom';
import { routeById } from '../../../lib/routes/route-table';
import type { MenuNode, RemoteDialogRef } from '../lib/menu-items';

type Props = {
  nodes: readonly MenuNode[];
  onOpenDialog: (dialog: RemoteDialogRef) => void;
  /** Called after a navigation, so a temporary (mobile) drawer can close. */
  onNavigate?: () => void;
};

export function SidebarMenu({ nodes, onOpenDialog, onNavigate }: Props) {
  const { pathname } = useLocation();
  const navigate = useNavigate();

  const renderNode = (node: MenuNode, nested: boolean) => {
    switch (node.type) {
      case 'item': {
        const route = routeById(node.routeId);
        if (!route) return null;
        const selected = !!matchPath({ path: route.path, end: true }, pathname);
        return (
          <ListItemButton
            key={node.id}
            selected={selected}
            aria-current={selected ? 'page' : undefined}
            sx={{ borderRadius: 1, mb: 0.5, pl: nested ? 3 : 2 }}
            onClick={() => {
              navigate(route.path);
              onNavigate?.();
            }}
          >
            <ListItemText primary={node.title} />
          </ListItemButton>
        );
      }
      case 'popup':
        return (
          <ListItemButton
            key={node.id}
            aria-haspopup="dialog"
            sx={{ borderRadius: 1, mb: 0.5, pl: nested ? 3 : 2 }}
            onClick={() => {
              onOpenDialog(node.dialog);
              onNavigate?.();
            }}
          >
            <ListItemText primary={node.title} />
          </ListItemButton>
        );
      case 'group':
        return (
          <List
            key={node.id}
            aria-labelledby={`menu-group-${node.id}`}
            subheader={
              <ListSubheader id={`menu-group-${node.id}`} disableSticky sx={{ bgcolor: 'transparent', lineHeight: '36px' }}>
                {node.title}
              </ListSubheader>
            }
            disablePadding
          >
            {node.children.map((child) => renderNode(child, true))}
          </List>
        );
      default:
        return <ListItemText key="menu-error" primary={MESSAGES.menuItemsError} />;
    }
  };

  return <List sx={{ px: 1.5 }}>{nodes.map((n) => renderNode(n, false))}</List>;
}
