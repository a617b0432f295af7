import { Suspense, useMemo, type ReactNode } from 'react';
import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { FullScreenLoader } from '../components/full-screen-loader';
import { RouteErrorBoundary } from '../components/route-error-boundary';
import { ScrollToTop } from '../components/scroll-to-top';
import { AuthGuard } from '../features/auth/components/auth-guard';
import { GuestGuard } from '../features/auth/components/guest-guard';
import { LoginPage } from '../features/auth/components/login-page';
import { lazyExport } from '../lib/lazy-export';
import { preloadable } from '../lib/preloadable';
import { ROUTES, type RouteDefinition } from '../lib/routes/route-table';
import { routeElementModule, signedInLayoutModule, themedLayoutModule } from './signed-in-modules';

// The sign-in page is the only page in the host's first chunk, and it draws without MUI. Everything
// that draws with MUI is loaded when first shown: the themed layout (theme provider) around every
// other page, the route elements (host pages, remote modules, role checks), the signed-in shell and
// the router's error screen.
const ThemedLayout = lazyExport(themedLayoutModule, 'ThemedLayout');
const SignedInLayout = lazyExport(signedInLayoutModule, 'SignedInLayout');
const ThemedErrorPage = lazyExport<typeof import('./themed-error-page'), { error: unknown }>(preloadable(() => import('./themed-error-page')), 'ThemedErrorPage');
const RouteElement = lazyExport<typeof import('./route-element'), { route: RouteDefinition }>(routeElementModule, 'RouteElement');
const NotFoundElement = lazyExport(routeElementModule, 'NotFoundElement');

const whileLoading = (element: ReactNode) => <Suspense fallback={<FullScreenLoader />}>{element}</Suspense>;

const isSignIn = (route: RouteDefinition) => route.module === './LoginPage';

function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
    </>
  );
}

/** react-router objects generated from the one route table. */
export function buildRoutes(): RouteObject[] {
  const publicRoutes = ROUTES.filter((r) => r.access === 'public');
  const protectedRoutes = ROUTES.filter((r) => r.access === 'protected');
  // key: each route mounts its own element, so one remote's error never sticks to another page.
  const element = (route: RouteDefinition) => <RouteElement key={route.id} route={route} />;
  return [
    {
      element: <RootLayout />,
      children: [
        {
          element: <GuestGuard />,
          children: [
            ...publicRoutes.filter(isSignIn).map((route) => ({ path: route.path, element: <LoginPage /> })),
            {
              element: whileLoading(<ThemedLayout />),
              children: publicRoutes.filter((route) => !isSignIn(route)).map((route) => ({ path: route.path, element: element(route) })),
            },
          ],
        },
        {
          element: <AuthGuard />,
          children: [
            {
              element: whileLoading(<ThemedLayout />),
              children: [
                {
                  element: whileLoading(<SignedInLayout />),
                  children: [
                    ...protectedRoutes.map((route) => ({ path: route.path, element: element(route) })),
                    { path: '*', element: <NotFoundElement /> },
                  ],
                },
              ],
            },
          ],
        },
      ],
    },
  ];
}

/** The host's pages for where the router is, behind the router error screen (spec section 8). */
export function AppRoutes() {
  const routes = useMemo(buildRoutes, []);
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary pathname={pathname} fallback={(error) => whileLoading(<ThemedErrorPage error={error} />)}>
      {useRoutes(routes)}
    </RouteErrorBoundary>
  );
}
