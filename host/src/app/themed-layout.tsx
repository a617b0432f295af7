import { PortalThemeProvider } from '@portal/ui';
import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { PageLoader } from '../components/page-loader';

/**
 * The MUI theme (from the persisted display settings) around every page but sign-in: the other
 * public pages and the signed-in shell. Loaded with the first such page.
 */
export function ThemedLayout() {
  return (
    <PortalThemeProvider>
      <Suspense fallback={<PageLoader />}>
        <Outlet />
      </Suspense>
    </PortalThemeProvider>
  );
}
