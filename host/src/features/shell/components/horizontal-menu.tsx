import ExpandMore from '@mui/icons-material/ExpandMore';
import MoreHoriz from '@mui/icons-material/MoreHoriz';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import { HORIZONTAL_MAX_ITEMS } from '@portal/config';
import { useMenu, useT } from '@portal/ui';
import { Fragment, useCallback, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { prefetchRoute, prefetchRouteFiles } from '../../../lib/federation/prefetch';
import { routeById } from '../../../lib/routes/route-table';
import { menuTitleKey, type MenuNode, type RemoteDialogRef } from '../lib/menu-items';
import { visibleCount } from '../lib/overflow';
import { LazyMenu } from './lazy-menu';
import { MenuIcon } from './menu-icon';
import { MenuItemsError } from './menu-items-error';

type Props = {
  nodes: readonly MenuNode[];
  onOpenDialog: (dialog: RemoteDialogRef) => void;
};

type Leaf = MenuNode & { type: 'item' | 'popup' };

const moduleOf = (node: Leaf) => (node.type === 'item' ? routeById(node.routeId) : { owner: node.dialog.remote, module: node.dialog.module });

// Pointing at or tabbing to an entry starts loading its page or dialog.
const prefetchNode = (node: Leaf) => prefetchRoute(moduleOf(node));

const leaves = (nodes: readonly MenuNode[]): Leaf[] =>
  nodes.flatMap((n) => (n.type === 'group' ? leaves(n.children) : n.type === 'item' || n.type === 'popup' ? [n] : []));

// A dropdown's entries can be pointed at only once it is open: pointing at or tabbing to the
// dropdown downloads their files without running them (running every page of a group would hold a
// phone's main thread); the entry the user then points at runs.
const downloadNodes = (nodes: readonly MenuNode[]) => {
  for (const node of leaves(nodes)) void prefetchRouteFiles(moduleOf(node));
};

const containsSelected = (node: MenuNode, selected: string | null): boolean =>
  node.id === selected || (node.type === 'group' && node.children.some((c) => containsSelected(c, selected)));

/** A button that opens a dropdown of menu entries (a group, or "More Items"). */
function DropdownButton({
  id,
  label,
  icon,
  active,
  onPoint,
  children,
}: {
  id: string;
  label: string;
  icon: ReactNode;
  active: boolean;
  /** Pointing at or focusing the button: the user may be about to open it. */
  onPoint: () => void;
  children: (close: () => void) => ReactNode;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Button
        id={`${id}-button`}
        color={active ? 'secondary' : 'inherit'}
        startIcon={icon}
        endIcon={<ExpandMore aria-hidden="true" />}
        aria-haspopup="menu"
        aria-controls={anchor ? `${id}-menu` : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(e) => setAnchor(e.currentTarget)}
        onMouseEnter={onPoint}
        onFocus={onPoint}
        sx={{ whiteSpace: 'nowrap', flexShrink: 0, px: 1.5, ...(active ? { bgcolor: 'action.selected' } : {}) }}
      >
        {label}
      </Button>
      <LazyMenu id={`${id}-menu`} anchorEl={anchor} open={!!anchor} onClose={close} slotProps={{ list: { 'aria-labelledby': `${id}-button` } }}>
        {children(close)}
      </LazyMenu>
    </>
  );
}

/**
 * The horizontal menu: top-level entries in a row; whatever does not fit the bar's width (or lies
 * beyond HORIZONTAL_MAX_ITEMS) collapses into "More Items".
 */
export function HorizontalMenu({ nodes, onOpenDialog }: Props) {
  const t = useT();
  const navigate = useNavigate();
  const selected = useMenu((s) => s.selectedItem[0] ?? null);
  const barRef = useRef<HTMLDivElement>(null);
  const measureRef = useRef<HTMLDivElement>(null);
  const [count, setCount] = useState(Math.min(nodes.length, HORIZONTAL_MAX_ITEMS));

  // Widths come from a hidden copy of every entry, so the visible row can be cut without feedback loops.
  const measure = useCallback(() => {
    const bar = barRef.current;
    const row = measureRef.current;
    if (!bar || !row) return;
    const children = Array.from(row.children) as HTMLElement[];
    const GAP = 4;
    const widths = children.slice(0, -1).map((el) => el.offsetWidth + GAP);
    const moreWidth = children[children.length - 1]?.offsetWidth ?? 0;
    const available = bar.clientWidth;
    // jsdom and hidden tabs report 0: fall back to the count limit alone.
    const next = available > 0 ? visibleCount(widths, available, moreWidth, HORIZONTAL_MAX_ITEMS) : Math.min(nodes.length, HORIZONTAL_MAX_ITEMS);
    setCount((c) => (c === next ? c : next));
  }, [nodes.length]);

  useLayoutEffect(() => {
    measure();
    const bar = barRef.current;
    if (!bar || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => measure());
    observer.observe(bar);
    if (measureRef.current) observer.observe(measureRef.current);
    return () => observer.disconnect();
  });

  const activate = (node: Leaf) => {
    if (node.type === 'item') {
      const route = routeById(node.routeId);
      if (route) navigate(route.path);
    } else {
      onOpenDialog(node.dialog);
    }
  };

  const leafMenuItem = (node: MenuNode, close: () => void, nested = false): ReactNode => {
    if (node.type === 'group') {
      return (
        <Fragment key={node.id}>
          <ListSubheader sx={{ lineHeight: '32px' }}>{t(menuTitleKey(node))}</ListSubheader>
          {node.children.map((c) => leafMenuItem(c, close, true))}
        </Fragment>
      );
    }
    if (node.type !== 'item' && node.type !== 'popup') return <MenuItemsError key="menu-error" />;
    const isSelected = node.id === selected;
    return (
      <MenuItem
        key={node.id}
        onMouseEnter={() => prefetchNode(node)}
        onFocus={() => prefetchNode(node)}
        selected={isSelected}
        aria-current={isSelected ? 'page' : undefined}
        aria-haspopup={node.type === 'popup' ? 'dialog' : undefined}
        sx={{ pl: nested ? 3 : 2 }}
        onClick={() => {
          close();
          activate(node);
        }}
      >
        <ListItemIcon>
          <MenuIcon id={node.id} />
        </ListItemIcon>
        <ListItemText primary={t(menuTitleKey(node))} />
      </MenuItem>
    );
  };

  const topEntry = (node: MenuNode, measuring = false): ReactNode => {
    const key = measuring ? `m-${node.id}` : node.id;
    const title = t(menuTitleKey(node));
    if (node.type === 'group') {
      if (measuring) return <Button key={key} tabIndex={-1} startIcon={<MenuIcon id={node.id} />} endIcon={<ExpandMore />} sx={{ px: 1.5, whiteSpace: 'nowrap', flexShrink: 0 }}>{title}</Button>;
      return (
        <DropdownButton
          key={key}
          id={`menu-${node.id}`}
          label={title}
          icon={<MenuIcon id={node.id} />}
          active={containsSelected(node, selected)}
          onPoint={() => downloadNodes(node.children)}
        >
          {(close) => node.children.map((c) => leafMenuItem(c, close))}
        </DropdownButton>
      );
    }
    if (node.type !== 'item' && node.type !== 'popup') return <MenuItemsError key={key} as="div" />;
    const isSelected = node.id === selected;
    return (
      <Button
        key={key}
        tabIndex={measuring ? -1 : undefined}
        color={isSelected ? 'secondary' : 'inherit'}
        startIcon={<MenuIcon id={node.id} />}
        aria-current={isSelected && !measuring ? 'page' : undefined}
        aria-haspopup={node.type === 'popup' && !measuring ? 'dialog' : undefined}
        onClick={measuring ? undefined : () => activate(node)}
        onMouseEnter={measuring ? undefined : () => prefetchNode(node)}
        onFocus={measuring ? undefined : () => prefetchNode(node)}
        sx={{ px: 1.5, whiteSpace: 'nowrap', flexShrink: 0, ...(isSelected ? { bgcolor: 'action.selected' } : {}) }}
      >
        {title}
      </Button>
    );
  };

  const visible = nodes.slice(0, count);
  const overflow = nodes.slice(count);

  return (
    <Box component="nav" aria-label={t('shell.mainMenu')} sx={{ position: 'relative', borderTop: 1, borderColor: 'divider', px: 2 }}>
      <Box ref={barRef} data-testid="horizontal-menu-bar" sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 52, overflow: 'hidden' }}>
        {visible.map((n) => topEntry(n))}
        {overflow.length > 0 ? (
          <DropdownButton
            id="menu-more-items"
            label={t('menu.moreItems')}
            icon={<MoreHoriz aria-hidden="true" />}
            active={overflow.some((n) => containsSelected(n, selected))}
            onPoint={() => downloadNodes(overflow)}
          >
            {(close) => overflow.map((n) => leafMenuItem(n, close))}
          </DropdownButton>
        ) : null}
      </Box>
      <Box
        ref={measureRef}
        aria-hidden="true"
        inert
        sx={{ position: 'absolute', top: 0, insetInlineStart: 0, display: 'flex', gap: 0.5, visibility: 'hidden', pointerEvents: 'none', height: 0, overflow: 'hidden', whiteSpace: 'nowrap' }}
      >
        {nodes.map((n) => topEntry(n, true))}
        <Button tabIndex={-1} startIcon={<MoreHoriz />} endIcon={<ExpandMore />} sx={{ px: 1.5, whiteSpace: 'nowrap', flexShrink: 0 }}>
          {t('menu.moreItems')}
        </Button>
      </Box>
    </Box>
  );
}
