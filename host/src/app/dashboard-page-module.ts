import { preloadable } from '../lib/preloadable';

/** The dashboard page's chunk: where signing in lands, so a signed-in visit may start it early (signed-in-modules.ts). */
export const dashboardPageModule = preloadable(() => import('../features/dashboard/components/dashboard-page'));
