import { useEffect } from 'react';
import { prefetchRoute, whenIdle } from '../../../lib/federation/prefetch';
import { routeById, type RouteDefinition } from '../../../lib/routes/route-table';
import type { MenuNode } from '../lib/menu-items';

/** The first menu entry that a remote renders: where a user most likely goes after the dashboard. */
function firstRemoteRoute(nodes: readonly MenuNode[]): RouteDefinition | undefined {
  for (const node of nodes) {
    if (node.type === 'item') {
      const route = routeById(node.routeId);
      if (route && route.owner !== 'host') return route;
    } else if (node.type === 'group') {
      const found = firstRemoteRoute(node.children);
      if (found) return found;
    }
  }
  return undefined;
}

/** Once the shell is idle, loads the likely next remote page, so its first visit shows at once. */
export function useIdlePrefetch(menu: readonly MenuNode[]): void {
  useEffect(() => whenIdle(() => prefetchRoute(firstRemoteRoute(menu))), [menu]);
}
