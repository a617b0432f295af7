import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Container from '@mui/material/Container';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { authStore, clearClientSession, useAuth } from '@portal/auth-bridge';
import { DRAWER_WIDTH, LAYOUT, paths } from '@portal/config';
import { signout } from '@portal/contracts/first-page-calls';
import { i18nStore, menuStore, useDisplaySettings, useMenu, useT } from '@portal/ui';
import { Suspense, lazy, useMemo, useState } from 'react';
import { Outlet, useNavigate } from 'react-router-dom';
import { PortalLogo } from '../../../components/portal-logo';
import { DemoBanner } from '../../../components/demo-banner';
import { MaintenanceBanner } from '../../../components/maintenance-banner';
import { useDrawerRules } from '../hooks/use-drawer-rules';
import { useLatch } from '../hooks/use-latch';
import { useIdlePrefetch } from '../hooks/use-idle-prefetch';
import { useRouteSelection } from '../hooks/use-route-selection';
import { useShellSnapshot } from '../hooks/use-shell-snapshot';
import { SHELL_PAGE_ATTRIBUTE } from '../../../lib/shell-snapshot';
import { useDemoMode } from '../../../lib/demo-mode-store';
import { MENU, menuForRole, type RemoteDialogRef } from '../lib/menu-items';
import { AppBreadcrumbs } from './app-breadcrumbs';
import { AppDrawer } from './app-drawer';
import { AppFooter } from './app-footer';
import { HorizontalMenu } from './horizontal-menu';
import { PageTransition } from './page-transition';
import { ProfileMenu } from './profile-menu';
import { SettingsButton } from './settings-button';
import { SidebarMenu } from './sidebar-menu';

const CHANGE_PASSWORD_DIALOG: RemoteDialogRef = {
  remote: 'account_settings',
  module: './ChangePasswordDialog',
  title: 'Change Password',
};

const MAIN_ID = 'main-content';

// The display settings (sliders, radios, switches) load when first opened, not with every page.
const CustomizationPanel = lazy(() => import('./customization-panel').then((m) => ({ default: m.CustomizationPanel })));
// Dialog and its parts (about 4 KB gzip) load with the first remote dialog opened (Change Password, ...).
const RemoteDialog = lazy(() => import('../../../components/remote-dialog').then((m) => ({ default: m.RemoteDialog })));

/** The protected shell: top bar, menu (vertical drawer or horizontal bar), breadcrumbs, page, footer. */
export function MainLayout() {
  const t = useT();
  const theme = useTheme();
  const isSmallScreen = useMediaQuery(theme.breakpoints.down('md'));
  // The horizontal bar works down to tablets (its overflow goes to More Items); phones get the drawer.
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const layout = useDisplaySettings((s) => s.layout);
  const drawerType = useDisplaySettings((s) => s.drawerType);
  const container = useDisplaySettings((s) => s.container);
  const drawerOpen = useMenu((s) => s.drawerOpen);
  const logoUrl = useMenu((s) => s.whiteLabelData?.whitelabelImageUrl ?? null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settingsUsed = useLatch(settingsOpen);
  // A phone's menu overlay is drawn when first opened, then kept: drawn closed at start, its hundred-odd
  // components were most of the signed-in shell's first render (about 210 of 220 ms in a development build).
  const mobileMenuDrawn = useLatch(mobileOpen);
  const [dialog, setDialog] = useState<RemoteDialogRef | null>(null);
  const user = useAuth((s) => s.user);
  const navigate = useNavigate();
  const demo = useDemoMode();
  const menu = useMemo(() => menuForRole(user?.role, MENU, demo), [user?.role, demo]);
  useRouteSelection(menu);
  useIdlePrefetch(menu);
  useDrawerRules(drawerType, isSmallScreen);
  const shell = useShellSnapshot<HTMLDivElement>();

  const horizontal = layout === LAYOUT.horizontal && !isPhone;
  const toggleDrawer = () => (isSmallScreen ? setMobileOpen((o) => !o) : menuStore.getState().toggleDrawer());
  const menuExpanded = isSmallScreen ? mobileOpen : drawerOpen;

  const logout = async () => {
    try {
      if (user) await signout(user.userId);
    } catch (error) {
      console.error(error);
    }
    clearClientSession();
    // Spec section 4: the language preference goes with the session.
    i18nStore.getState().resetLanguage();
    authStore.getState().logout();
    navigate(paths.login);
  };

  return (
    <Box ref={shell} sx={{ display: 'flex', minHeight: '100vh' }}>
      <Link
        href={`#${MAIN_ID}`}
        sx={{
          position: 'absolute',
          insetInlineStart: 8,
          top: -48,
          zIndex: (th) => th.zIndex.tooltip,
          p: 1,
          bgcolor: 'background.paper',
          borderRadius: 1,
          '&:focus': { top: 8 },
        }}
      >
        {t('shell.skipToContent')}
      </Link>
      <AppBar
        position="fixed"
        color="inherit"
        elevation={0}
        // Spec section 9 stacking: the app bar stays at 1100; the drawer (1200) starts below it instead of under it.
        sx={{ borderBottom: 1, borderColor: 'divider', bgcolor: 'background.default' }}
      >
        <Toolbar sx={{ gap: 2 }}>
          <Box sx={{ width: { md: DRAWER_WIDTH - 24 - 16 }, display: 'flex', alignItems: 'center', flexShrink: 0 }}>
            <PortalLogo imageUrl={logoUrl} />
          </Box>
          {horizontal ? null : (
            <IconButton
              aria-label={t('shell.toggleMenu')}
              aria-expanded={menuExpanded}
              aria-controls={isSmallScreen && !mobileMenuDrawn ? undefined : 'main-menu-drawer'}
              onClick={toggleDrawer}
              sx={{ bgcolor: 'secondary.light', color: 'secondary.dark', borderRadius: 1, '&:hover': { bgcolor: 'secondary.dark', color: 'secondary.light' } }}
            >
              <MenuIcon />
            </IconButton>
          )}
          <Box sx={{ flexGrow: 1 }} />
          <SettingsButton label={t('shell.openSettings')} onOpen={() => setSettingsOpen(true)} />
          <ProfileMenu onChangePassword={() => setDialog(CHANGE_PASSWORD_DIALOG)} onLogout={() => void logout()} />
        </Toolbar>
        {horizontal ? <HorizontalMenu nodes={menu} onOpenDialog={setDialog} /> : null}
      </AppBar>
      {horizontal ? null : (
        <AppDrawer
          drawerType={drawerType}
          open={drawerOpen}
          isSmallScreen={isSmallScreen}
          mobileOpen={mobileOpen}
          mobileKeepMounted={mobileMenuDrawn}
          onMobileClose={() => setMobileOpen(false)}
        >
          {(mini) => (
            <SidebarMenu nodes={menu} mini={mini} onOpenDialog={setDialog} onNavigate={isSmallScreen ? () => setMobileOpen(false) : undefined} />
          )}
        </AppDrawer>
      )}
      <Box
        component="main"
        id={MAIN_ID}
        tabIndex={-1}
        sx={{ flexGrow: 1, minWidth: 0, p: { xs: 2, md: 3 }, display: 'flex', flexDirection: 'column', bgcolor: 'background.default', outline: 'none' }}
      >
        <Toolbar />
        {horizontal ? <Box sx={{ minHeight: 53 }} /> : null}
        <Container maxWidth={container ? 'lg' : false} disableGutters sx={{ display: 'flex', flexDirection: 'column', flexGrow: 1 }}>
          <DemoBanner />
          <MaintenanceBanner />
          <div {...{ [SHELL_PAGE_ATTRIBUTE]: '' }}>
            <AppBreadcrumbs />
          </div>
          <Box {...{ [SHELL_PAGE_ATTRIBUTE]: '' }} sx={{ flexGrow: 1 }}>
            <PageTransition>
              <Outlet />
            </PageTransition>
          </Box>
          <AppFooter />
        </Container>
      </Box>
      {settingsUsed ? (
        <Suspense fallback={null}>
          <CustomizationPanel open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      ) : null}
      {dialog ? (
        <Suspense fallback={null}>
          <RemoteDialog
            key={`${dialog.remote}${dialog.module}`}
            remote={dialog.remote}
            module={dialog.module}
            title={dialog.title}
            open
            onClose={() => setDialog(null)}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
