import { Suspense, lazy } from 'react';
import { Outlet, type RouteObject } from 'react-router-dom';
import { FullScreenLoader } from '../components/full-screen-loader';
import { StatusPage } from '../components/status-page';
import { RemoteModule } from '../components/remote-module';
import { RoleGuard } from '../components/role-guard';
import { RouteErrorPage } from '../components/route-error-page';
import { ScrollToTop } from '../components/scroll-to-top';
import { AuthGuard } from '../features/auth/components/auth-guard';
import { GuestGuard } from '../features/auth/components/guest-guard';
import { ROUTES, type RouteDefinition } from '../lib/routes/route-table';
import { HOST_PAGES } from './host-pages';

function pageFor(route: RouteDefinition) {
  if (route.owner === 'host') {
    const page = HOST_PAGES[route.module];
    if (!page) throw new Error(`No host page for ${route.module}`);
    return page(route.title);
  }
  // key: a new route mounts a fresh boundary, so one remote's error never sticks to another page.
  return <RemoteModule key={route.id} remote={route.owner} module={route.module} />;
}

// The shell is loaded after sign-in, so the login page does not carry it.
const SignedInLayout = lazy(() => import('./signed-in-layout').then((m) => ({ default: m.SignedInLayout })));

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
  return [
    {
      element: <RootLayout />,
      errorElement: <RouteErrorPage />,
      children: [
        {
          element: <GuestGuard />,
          children: publicRoutes.map((route) => ({ path: route.path, element: pageFor(route) })),
        },
        {
          element: <AuthGuard />,
          children: [
            {
              element: (
                <Suspense fallback={<FullScreenLoader />}>
                  <SignedInLayout />
                </Suspense>
              ),
              children: [
                ...protectedRoutes.map((route) => ({
                  path: route.path,
                  element: <RoleGuard route={route}>{pageFor(route)}</RoleGuard>,
                })),
                { path: '*', element: <StatusPage status={404} /> },
              ],
            },
          ],
        },
      ],
    },
  ];
}
