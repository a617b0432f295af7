import { GlobalAlert, GlobalSnackbar, LoadingBar, PortalThemeProvider } from '@portal/ui';
import type { ReactNode } from 'react';

/**
 * Theme from the persisted display settings, plus the app-wide alert, snackbar and loading bar (mounted
 * once, outside the router, so a message outlives the navigation that follows it). The query client's
 * provider is in the signed-in shell (signed-in-layout.tsx): the sign-in page has no queries.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <PortalThemeProvider>
      <LoadingBar />
      <GlobalAlert />
      <GlobalSnackbar />
      {children}
    </PortalThemeProvider>
  );
}
