import { Suspense, lazy } from 'react';
import { useAlert } from '@portal/ui/base';

// MUI's Snackbar and Alert load with the first message, not with every page (the sign-in page's weight).
const GlobalAlertView = lazy(() => import('./global-alert-view').then((m) => ({ default: m.GlobalAlertView })));

/** The app-wide transient message (spec section 4, Alert). Mount once, in the shell. */
export function GlobalAlert() {
  const message = useAlert((s) => s.message);
  if (message === '') return null;
  return (
    <Suspense fallback={null}>
      <GlobalAlertView />
    </Suspense>
  );
}
