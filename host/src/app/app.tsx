import { useAuth } from '@portal/auth-bridge';
import { useStoresHydrated } from '@portal/ui';
import { useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { FullScreenLoader } from '../components/full-screen-loader';
import { RemoteNotices } from '../components/remote-notices';
import { refreshRegistry } from '../lib/federation/federation';
import { AppProviders } from './app-providers';

type Router = ReturnType<typeof createBrowserRouter>;

export function App({ router }: { router: Router }) {
  const isInitialized = useAuth((s) => s.isInitialized);
  // Spec section 4, readiness: every persisted slice (snackbar, menu, display settings) has rehydrated;
  // the user slice is the auth store's restore (isInitialized).
  const ready = useStoresHydrated() && isInitialized;
  // An open portal learns of deploys and rollbacks at its next navigation (throttled).
  useEffect(() => router.subscribe(() => void refreshRegistry().catch(() => undefined)), [router]);
  return (
    <AppProviders>
      {ready ? <RouterProvider router={router} /> : <FullScreenLoader />}
      <RemoteNotices />
    </AppProviders>
  );
}
