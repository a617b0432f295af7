import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import Toolbar from '@mui/material/Toolbar';
import { DRAWER_TYPE, DRAWER_WIDTH, MINI_DRAWER_WIDTH, type DrawerType } from '@portal/config';
import { useT } from '@portal/ui';
import type { ReactNode } from 'react';

type Props = {
  drawerType: DrawerType;
  /** menuStore.drawerOpen */
  open: boolean;
  /** Below md the drawer is a temporary overlay, always in its full form. */
  isSmallScreen: boolean;
  mobileOpen: boolean;
  /** Below md: whether the overlay's menu is in the page while closed (see MainLayout). */
  mobileKeepMounted: boolean;
  onMobileClose: () => void;
  children: (mini: boolean) => ReactNode;
};

/** Height of the top bar's toolbar from md up (MUI's Toolbar at sm+), where the desktop drawer starts. */
const TOP_BAR_HEIGHT = 65;

/** Width the drawer takes beside the page: 260 open, 72 mini, 0 when the default drawer is closed. */
export const drawerWidthFor = (drawerType: DrawerType, open: boolean): number =>
  open ? DRAWER_WIDTH : drawerType === DRAWER_TYPE.miniDrawer ? MINI_DRAWER_WIDTH : 0;

/** The vertical menu's drawer. MUI flips its anchor to the right in RTL. */
export function AppDrawer({ drawerType, open, isSmallScreen, mobileOpen, mobileKeepMounted, onMobileClose, children }: Props) {
  const t = useT();
  if (isSmallScreen) {
    return (
      <Drawer
        variant="temporary"
        open={mobileOpen}
        onClose={onMobileClose}
        ModalProps={{ keepMounted: mobileKeepMounted }}
        sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box' } }}
      >
        <Box component="nav" aria-label={t('shell.mainMenu')} id="main-menu-drawer">
          <Toolbar />
          {children(false)}
        </Box>
      </Drawer>
    );
  }
  const width = drawerWidthFor(drawerType, open);
  const mini = !open && drawerType === DRAWER_TYPE.miniDrawer;
  return (
    <Box
      component="nav"
      aria-label={t('shell.mainMenu')}
      sx={{
        width,
        flexShrink: 0,
        transition: (theme) => theme.transitions.create('width', { duration: open ? theme.transitions.duration.enteringScreen : theme.transitions.duration.leavingScreen }),
      }}
    >
      <Drawer
        variant={drawerType === DRAWER_TYPE.miniDrawer ? 'permanent' : 'persistent'}
        open={drawerType === DRAWER_TYPE.miniDrawer ? true : open}
        PaperProps={{ id: 'main-menu-drawer', 'data-testid': 'main-menu-drawer' } as object}
        sx={{
          '& .MuiDrawer-paper': {
            width: drawerType === DRAWER_TYPE.miniDrawer ? width : DRAWER_WIDTH,
            boxSizing: 'border-box',
            borderInlineEnd: 'none',
            top: TOP_BAR_HEIGHT,
            height: `calc(100% - ${TOP_BAR_HEIGHT}px)`,
            overflowX: 'hidden',
            bgcolor: 'background.default',
            transition: (theme) => theme.transitions.create('width', { duration: open ? theme.transitions.duration.enteringScreen : theme.transitions.duration.leavingScreen }),
          },
        }}
      >
        {children(mini)}
      </Drawer>
    </Box>
  );
}
