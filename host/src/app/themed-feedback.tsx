import { GlobalAlert, GlobalSnackbar, LoadingBar, PortalThemeProvider } from '@portal/ui';
import { RemoteNotices } from '../components/remote-notices';

/**
 * The app-wide loading bar, alert, snackbar and remote notices in the portal's MUI theme (loaded by
 * FeedbackLayer). Its theme provider leaves the page's dir, lang and baseline (body styles) to the
 * page, which may be the sign-in page (no MUI theme of its own, its light stylesheet) or a themed
 * page (whose provider has them).
 */
export function ThemedFeedback() {
  return (
    <PortalThemeProvider documentAttributes={false} baseline={false}>
      <LoadingBar />
      <GlobalAlert />
      <GlobalSnackbar />
      <RemoteNotices />
    </PortalThemeProvider>
  );
}
