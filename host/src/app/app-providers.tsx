import { portalQueryClient, QueryClientProvider } from '@portal/data';
import { GlobalAlert, GlobalSnackbar, LoadingBar, PortalThemeProvider } from '@portal/ui';
import type { ReactNode } from 'react';

/**
 * Theme from the persisted display settings, plus the app-wide alert, snackbar and loading bar (mounted
 * once, outside the router, so a message outlives the navigation that follows it).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={portalQueryClient}>
      <PortalThemeProvider>
        <LoadingBar />
        <GlobalAlert />
        <GlobalSnackbar />
        {children}
      </PortalThemeProvider>
    </QueryClientProvider>
  );
}
