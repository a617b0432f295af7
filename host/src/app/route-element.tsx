import { RemoteModule } from '../components/remote-module';
import { RoleGuard } from '../components/role-guard';
import { StatusPage } from '../components/status-page';
import type { RouteDefinition } from '../lib/routes/route-table';
import { HOST_PAGES } from './host-pages';

/**
 * What a route of the table shows, except sign-in: a host page or a remote's module, behind the role
 * check when the route is protected. A module of its own, loaded by the routes with the first such
 * page, because remote modules, role checks and the host's other pages draw with MUI.
 */
export function RouteElement({ route }: { route: RouteDefinition }) {
  const page = pageFor(route);
  return route.access === 'protected' ? <RoleGuard route={route}>{page}</RoleGuard> : page;
}

/** The signed-in shell's page for an unknown path. */
export function NotFoundElement() {
  return <StatusPage status={404} />;
}

function pageFor(route: RouteDefinition) {
  if (route.owner === 'host') {
    const page = HOST_PAGES[route.module];
    if (!page) throw new Error(`No host page for ${route.module}`);
    return page(route.title);
  }
  // key: a new route mounts a fresh boundary, so one remote's error never sticks to another page.
  return <RemoteModule key={route.id} remote={route.owner} module={route.module} />;
}
