import { Suspense, lazy, useState } from 'react';
import { useSnackbar } from '@portal/ui/base';

// MUI's Snackbar, Alert and transitions load when the snackbar first opens, not with every page.
const GlobalSnackbarView = lazy(() => import('./global-snackbar-view').then((m) => ({ default: m.GlobalSnackbarView })));

/** The app-wide snackbar (spec section 3, notification state). Mount once, next to <GlobalAlert/>. */
export function GlobalSnackbar() {
  const open = useSnackbar((s) => s.open);
  // Once shown it stays mounted, so closing plays its transition.
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <GlobalSnackbarView />
    </Suspense>
  );
}
