import { useAuth } from '@portal/auth-bridge';
import { useStoresHydrated } from '@portal/ui/base';
import { FullScreenLoader } from '../components/full-screen-loader';
import { LightStylesheet } from '../components/light-stylesheet';
import { FeedbackLayer } from './feedback-layer';
import { NavigationBridge } from './navigation-bridge';
import { focusInPrerenderedPage, takeOverPrerenderedPage, type PrerenderedFocus } from '../lib/prerendered-page';
import { dropShellSnapshot } from '../lib/shell-snapshot';
import { AppRoutes } from './routes';
import { useDeferredValue, useInsertionEffect, useLayoutEffect, useRef } from 'react';

/**
 * No MUI theme at the top: the sign-in page and the loader are plain elements (light stylesheet);
 * every other page sits in a themed layout (routes.tsx) and the app-wide messages in FeedbackLayer,
 * both loaded when first needed. The router around it is the caller's (a browser router in the page,
 * a memory router in tests).
 */
export function App() {
  const isInitialized = useAuth((s) => s.isInitialized);
  // Spec section 4, readiness: every persisted slice (snackbar, menu, display settings) has rehydrated;
  // the user slice is the auth store's restore (isInitialized). Deferred: the stores flip readiness
  // through useSyncExternalStore, whose updates React renders synchronously, so the whole first page
  // (layout, menu, dashboard) was one long task; as a deferred value it renders in slices that yield
  // to the browser (on a phone at 4x CPU, main-thread blocking about 28% lower: BENCH_BLOCKING).
  // A signed-in visit also starts from the loader (initial value false) and draws its pages in that
  // deferred render, even when the session was restored before this first render. Else the whole
  // shell is the first render, and boot's restore() landing while it yields changes this
  // component's store values under it: React then throws the render away and redoes it, whole
  // page and synchronously (a tearing re-render: 55-100 ms at 1x, one long task on a phone). The
  // signed-out first render is the small sign-in page, drawn at once so the prerendered page hands
  // over without the loader in between.
  const user = useAuth((s) => s.user);
  const ready = useDeferredValue(useStoresHydrated() && isInitialized, user ? false : undefined);
  // The first page is drawn (the sign-in page at once, others behind their loader): the prerendered
  // page gives way in the same frame. Its focus is read in the commit's first phase (insertion
  // effects), after the render and before the new page's autoFocus (layout phase). Not while
  // rendering: this render yields to the browser, and a visitor who moved to the password field
  // meanwhile had the focus sent back to the username, where the rest of the password then went.
  const prerenderedFocus = useRef<PrerenderedFocus | null>(null);
  useInsertionEffect(() => {
    if (ready) prerenderedFocus.current = focusInPrerenderedPage();
  }, [ready]);
  useLayoutEffect(() => {
    if (ready) takeOverPrerenderedPage(prerenderedFocus.current);
  }, [ready]);
  // A signed-in shell painted before the scripts (shell-snapshot.ts) goes when the signed-in shell has
  // drawn; with nobody signed in after all (the session had ended), it goes now.
  useLayoutEffect(() => {
    if (ready && !user) dropShellSnapshot();
  }, [ready, user]);
  return (
    <>
      <LightStylesheet />
      <NavigationBridge />
      {ready ? <AppRoutes /> : <FullScreenLoader />}
      <FeedbackLayer />
    </>
  );
}
