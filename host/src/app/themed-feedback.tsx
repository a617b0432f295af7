import { GlobalAlert, GlobalSnackbar, LoadingBar, PortalThemeProvider } from '@portal/ui';
import { RemoteNotices } from '../components/remote-notices';

/**
 * The app-wide loading bar, alert, snackbar and remote notices in the portal's MUI theme (loaded by
 * FeedbackLayer). Its theme provider leaves the page's dir and lang to the page, which may be the
 * sign-in page (no MUI theme of its own).
 */
export function ThemedFeedback() {
  return (
    <PortalThemeProvider documentAttributes={false}>
      <LoadingBar />
      <GlobalAlert />
      <GlobalSnackbar />
      <RemoteNotices />
    </PortalThemeProvider>
  );
}
