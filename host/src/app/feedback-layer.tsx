import { useIsLoading } from '@portal/request';
import { useAlert, useSnackbar } from '@portal/ui/base';
import { Suspense, lazy, useState, useSyncExternalStore } from 'react';
import { remoteNotices } from '../lib/federation/remote-notices';

const ThemedFeedback = lazy(() => import('./themed-feedback').then((m) => ({ default: m.ThemedFeedback })));

/**
 * The app-wide loading bar, alert, snackbar and remote notices, mounted once beside the router so a
 * message outlives the navigation that follows it. They are drawn with MUI, which the sign-in page
 * does not load: the layer loads them (and the theme) with the first thing to show (a request, a
 * message, a notice) and keeps them mounted from then on.
 */
export function FeedbackLayer() {
  const busy = useIsLoading();
  const message = useAlert((s) => s.message);
  const snackbarOpen = useSnackbar((s) => s.open);
  const notices = useSyncExternalStore(remoteNotices.subscribe, remoteNotices.getSnapshot, remoteNotices.getSnapshot);
  const needed = busy || message !== '' || snackbarOpen || notices.length > 0;
  const [loaded, setLoaded] = useState(needed);
  if (needed && !loaded) setLoaded(true);
  if (!loaded) return null;
  return (
    <Suspense fallback={null}>
      <ThemedFeedback />
    </Suspense>
  );
}
