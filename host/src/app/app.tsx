import { useAuth } from '@portal/auth-bridge';
import { useStoresHydrated } from '@portal/ui/base';
import { useEffect } from 'react';
import { RouterProvider, type createBrowserRouter } from 'react-router-dom';
import { FullScreenLoader } from '../components/full-screen-loader';
import { LightStylesheet } from '../components/light-stylesheet';
import { loadFederation } from '../lib/federation/federation-start';
import { FeedbackLayer } from './feedback-layer';

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * No MUI theme at the top: the sign-in page and the loader are plain elements (light stylesheet);
 * every other page sits in a themed layout (routes.tsx) and the app-wide messages in FeedbackLayer,
 * both loaded when first needed.
 */
export function App({ router }: { router: Router }) {
  const isInitialized = useAuth((s) => s.isInitialized);
  // Spec section 4, readiness: every persisted slice (snackbar, menu, display settings) has rehydrated;
  // the user slice is the auth store's restore (isInitialized).
  const ready = useStoresHydrated() && isInitialized;
  // An open portal learns of deploys and rollbacks at its next navigation (throttled).
  useEffect(() => router.subscribe(() => void loadFederation().then((federation) => federation.refreshRegistry()).catch(() => undefined)), [router]);
  return (
    <>
      <LightStylesheet />
      {ready ? <RouterProvider router={router} /> : <FullScreenLoader />}
      <FeedbackLayer />
    </>
  );
}
