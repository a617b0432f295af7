import { useEffect } from 'react';
import { prefetchRemoteEntry, prefetchRoute, prefetchRouteFiles, whenIdle } from '../../../lib/federation/prefetch';
import { routeById, type RouteDefinition, type RouteOwner } from '../../../lib/routes/route-table';
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

/** Every remote the menu's entries lead to (pages and dialogs), in menu order. */
function menuRemotes(nodes: readonly MenuNode[], found = new Set<RouteOwner>()): Set<RouteOwner> {
  for (const node of nodes) {
    if (node.type === 'item') {
      const owner = routeById(node.routeId)?.owner;
      if (owner && owner !== 'host') found.add(owner);
    } else if (node.type === 'popup') found.add(node.dialog.remote);
    else if (node.type === 'group') menuRemotes(node.children, found);
  }
  return found;
}

/** How long after the shell shows the likely next page's code may run (when the browser is idle). */
export const RUN_NEXT_PAGE_AFTER_MS = 8000;

/**
 * Readies the likely next remote page in two steps. At the first idle moment its files download
 * without running, then the entries of the other remotes the menu leads to. Running them (the
 * remote's entry, its page, the shared components it needs) took about a second of a phone's main
 * thread, so that waits until the page has long settled, or until the user points at the menu entry
 * (prefetchRoute on hover or focus), whichever comes first; other remotes run when used.
 */
export function useIdlePrefetch(menu: readonly MenuNode[]): void {
  useEffect(() => {
    const next = firstRemoteRoute(menu);
    let live = true;
    const cancelDownload = whenIdle(
      () =>
        void prefetchRouteFiles(next).then(() => {
          if (live) for (const remote of menuRemotes(menu)) prefetchRemoteEntry(remote);
        }),
    );
    const cancelRun = whenIdle(() => prefetchRoute(next), RUN_NEXT_PAGE_AFTER_MS);
    return () => {
      live = false;
      cancelDownload();
      cancelRun();
    };
  }, [menu]);
}
