'use strict';
// The @mui/material components a signed-in page draws before anything else: the shell (top bar,
// drawer, menus, breadcrumbs, footer, notices, loading bar) and the dashboard's cards, with the
// folders of @mui/material's own they are built from (Modal, Portal, Slide... behind Drawer). The
// build puts them in one file (index.cjs, `muiShell`): each shared component is an async chunk of
// its own, and a signed-in /dashboard downloaded about thirty of them, 0.3-2.7 KB gzip each, each one
// more request on a phone's network and one more <script> for its main thread (appendChild alone
// about 0.3 s at 4x CPU). Every signed-in route loads the shell, so no route downloads more than
// before; a public page drawn in MUI (registration) does. The end-to-end tests fail when the
// dashboard loads a component from neither this list nor the MUI core group, so it keeps up with the shell.
module.exports = [
  // The page's frame: top bar, drawer (built on Modal, Backdrop, Slide, Portal and the focus trap), layout.
  ...['AppBar', 'Toolbar', 'Drawer', 'Modal', 'Backdrop', 'Slide', 'Portal', 'Unstable_TrapFocus', 'internal', 'CssBaseline', 'Box', 'Stack', 'Container', 'Grid', 'Divider', 'useMediaQuery'],
  // The menus, breadcrumbs, profile and buttons.
  ...['List', 'ListItem', 'ListItemButton', 'ListItemIcon', 'ListItemText', 'ListSubheader', 'MenuItem', 'Breadcrumbs', 'Link', 'Avatar', 'Button', 'Chip'],
  // Notices and progress.
  ...['Alert', 'AlertTitle', 'LinearProgress', 'Skeleton'],
  // The dashboard's cards.
  ...['Card', 'CardActionArea', 'CardContent'],
];
