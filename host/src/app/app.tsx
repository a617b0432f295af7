import { useAuth } from '@portal/auth-bridge';
import { useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { FullScreenLoader } from '../components/full-screen-loader';
import { RemoteNotices } from '../components/remote-notices';
import { refreshRegistry } from '../lib/federation/federation';
import { AppProviders } from './app-providers';

type Router = ReturnType<typeof createBrowserRouter>;

export function App({ router }: { router: Router }) {
  const isInitialized = useAuth((s) => s.isInitialized);
  // An open portal learns of deploys and rollbacks at its next navigation (throttled).
  useEffect(() => router.subscribe(() => void refreshRegistry().catch(() => undefined)), [router]);
  return (
    <AppProviders>
      {isInitialized ? <RouterProvider router={router} /> : <FullScreenLoader />}
      <RemoteNotices />
    </AppProviders>
  );
}
