import { paths } from '@portal/config';
import { preloadable } from '../lib/preloadable';
import { dashboardPageModule } from './dashboard-page-module';

// What every signed-in page draws with, each a chunk of its own (routes.tsx): the themed layout (MUI),
// the signed-in shell and the route element, and the dashboard, where signing in lands.
export const themedLayoutModule = preloadable(() => import('./themed-layout'));
export const signedInLayoutModule = preloadable(() => import('./signed-in-layout'));
export const routeElementModule = preloadable(() => import('./route-element'));

/** Where a signed-in visit opens the dashboard: there, or a guest page that sends it there. */
const OPENS_DASHBOARD = new Set<string>([paths.root, paths.login, paths.dashboard]);

/**
 * A visit with a stored session ends in the signed-in shell, whatever the path (the guest pages send
 * it to the dashboard), so its chunks start with the app's own instead of one round trip after another
 * as each lazy layer renders: on a phone's network each of those waited a round trip or more. A
 * session that turns out to be over costs only these downloads.
 */
export function preloadSignedInPage(pathname: string): void {
  const modules = [themedLayoutModule, signedInLayoutModule, routeElementModule, ...(OPENS_DASHBOARD.has(pathname) ? [dashboardPageModule] : [])];
  // One per task: each inserts its chunks' scripts and negotiates their shared modules (about 60 ms
  // at 4x CPU apiece), which in the entry's own task made it one long task on a phone. Their downloads
  // are under way already when index.html's first script preloaded them (paint-shell.cjs).
  for (const module of modules) setTimeout(() => void module.load(), 0);
}
