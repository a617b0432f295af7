import { PortalThemeProvider } from '@portal/ui';
import { RouteErrorPage } from '../components/route-error-page';

/** The router's error screen in the MUI theme (an error may happen on the sign-in page, which has none). */
export function ThemedErrorPage({ error }: { error: unknown }) {
  return (
    <PortalThemeProvider>
      <RouteErrorPage error={error} />
    </PortalThemeProvider>
  );
}
