import { GlobalAlert, LoadingBar, PortalThemeProvider } from '@portal/ui';
import type { ReactNode } from 'react';

/** Theme from the persisted display settings, plus the app-wide alert and loading bar (mounted once). */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <PortalThemeProvider>
      <LoadingBar />
      <GlobalAlert />
      {children}
    </PortalThemeProvider>
  );
}
