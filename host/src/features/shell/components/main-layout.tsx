import { AppBar, Box, Drawer, IconButton, SvgIcon, Toolbar, useMediaQuery, useTheme } from '@mui/material';
import { authStore, clearClientSession, useAuth } from '@portal/auth-bridge';
import { DRAWER_WIDTH, paths } from '@portal/config';
import { signout } from '@portal/contracts/calls';
import { useMemo, useState } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { PortalLogo } from '../../../components/portal-logo';
import { RemoteDialog } from '../../../components/remote-dialog';
import { menuForRole, type RemoteDialogRef } from '../lib/menu-items';
import { AppBreadcrumbs } from './app-breadcrumbs';
import { AppFooter } from './app-footer';
import { ProfileMenu } from './profile-menu';
import { SidebarMenu } from './sidebar-menu';

const CHANGE_PASSWORD_DIALOG: RemoteDialogRef = {
  remote: 'account_settings',
  module: './ChangePasswordDialog',
  title: 'Change Password',
};

/** The protected shell: top bar, drawer menu, breadcrumbs, page, footer. */
export function MainLayout() {
  const theme = useTheme();
  const isDesktop = useMediaQuery(theme.breakpoints.up('md'));
  // Spec: the drawer is forced open on large screens by default; on small ones it is a modal.
  const [desktopOpen, setDesktopOpen] = useState(true);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [dialog, setDialog] = useState<RemoteDialogRef | null>(null);
  const user = useAuth((s) => s.user);
  const navigate = useNavigate();
  const menu = useMemo(() => menuForRole(user?.role), [user?.role]);
  const open = isDesktop ? desktopOpen : mobileOpen;
  const toggleDrawer = () => (isDesktop ? setDesktopOpen((o) => !o) : setMobileOpen((o) => !o));

  const logout = async () => {
    try {
      if (user) await signout(user.userId);
    } catch (error) {
      console.error(error);
    }
    clearClientSession();
    authStore.getState().logout();
    navigate(paths.login);
  };

  const drawerContent = (
    <>
      <Toolbar />
      <SidebarMenu nodes={menu} onOpenDialog={setDialog} onNavigate={isDesktop ? undefined : () => setMobileOpen(false)} />
    </>
  );

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh' }}>
      <AppBar position="fixed" color="inherit" elevation={0} sx={{ zIndex: (t) => t.zIndex.drawer + 1, borderBottom: 1, borderColor: 'divider' }}>
        <Toolbar sx={{ gap: 2 }}>
          <PortalLogo />
          <IconButton aria-label="Toggle menu" aria-expanded={open} aria-controls="main-menu-drawer" onClick={toggleDrawer}>
            <SvgIcon>
              <path d="M3 18h18v-2H3zm0-5h18v-2H3zm0-7v2h18V6z" />
            </SvgIcon>
          </IconButton>
          <Box sx={{ flexGrow: 1 }} />
          <ProfileMenu onChangePassword={() => setDialog(CHANGE_PASSWORD_DIALOG)} onLogout={() => void logout()} />
        </Toolbar>
      </AppBar>
      <Box component="nav" aria-label="Main menu" sx={{ width: { md: open ? DRAWER_WIDTH : 0 }, flexShrink: 0 }}>
        <Drawer
          id="main-menu-drawer"
          variant={isDesktop ? 'persistent' : 'temporary'}
          open={open}
          onClose={() => setMobileOpen(false)}
          ModalProps={{ keepMounted: true }}
          sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, boxSizing: 'border-box', borderRight: 'none' } }}
        >
          {drawerContent}
        </Drawer>
      </Box>
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, p: 3, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        <AppBreadcrumbs />
        <Box sx={{ flexGrow: 1 }}>
          <Outlet />
        </Box>
        <AppFooter />
      </Box>
      {dialog ? (
        <RemoteDialog
          key={`${dialog.remote}${dialog.module}`}
          remote={dialog.remote}
          module={dialog.module}
          title={dialog.title}
          open
          onClose={() => setDialog(null)}
        />
      ) : null}
    </Box>
  );
}
