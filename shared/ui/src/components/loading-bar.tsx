import { useIsLoading } from '@portal/request';
import { Suspense, lazy } from 'react';

// MUI's LinearProgress loads with the first request, not with every page (the sign-in page's weight).
const LoadingBarView = lazy(() => import('./loading-bar-view').then((m) => ({ default: m.LoadingBarView })));

/** Thin bar at the top of the screen while any request runs (spec section 2). */
export function LoadingBar() {
  const busy = useIsLoading();
  if (!busy) return null;
  return (
    <Suspense fallback={null}>
      <LoadingBarView />
    </Suspense>
  );
}
