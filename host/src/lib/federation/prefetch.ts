import type { RouteDefinition } from '../routes/route-table';
import { loadRemoteComponent } from './federation';

/** Modules already asked for in this page: a prefetch runs once, whatever its outcome. */
const started = new Set<string>();

/**
 * Loads the remote module of a route before the user opens it (menu hover or focus, an idle
 * moment), through the same path as the route itself: integrity pinned, fallback, load reported.
 * The route then renders from Module Federation's cache instead of waiting for the remote's entry,
 * its chunks and its shared modules. A failure is left to the route, which shows it with Retry.
 */
export function prefetchRoute(route: Pick<RouteDefinition, 'owner' | 'module'> | undefined): void {
  if (!route || route.owner === 'host') return;
  const key = `${route.owner}/${route.module}`;
  if (started.has(key)) return;
  started.add(key);
  loadRemoteComponent(route.owner, route.module).catch(() => undefined);
}

export { whenIdle } from '../when-idle';

/** Test hook. */
export function resetPrefetches(): void {
  started.clear();
}
