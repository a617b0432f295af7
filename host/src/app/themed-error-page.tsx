import { PortalThemeProvider } from '@portal/ui';
import { useLayoutEffect } from 'react';
import { RouteErrorPage } from '../components/route-error-page';
import { dropShellSnapshot } from '../lib/shell-snapshot';

/** The router's error screen in the MUI theme (an error may happen on the sign-in page, which has none). */
export function ThemedErrorPage({ error }: { error: unknown }) {
  // The page shown instead of the shell: a snapshot painted before the scripts goes.
  useLayoutEffect(() => dropShellSnapshot(), []);
  return (
    <PortalThemeProvider>
      <RouteErrorPage error={error} />
    </PortalThemeProvider>
  );
}
