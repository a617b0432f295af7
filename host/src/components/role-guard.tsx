import { useAuth } from '@portal/auth-bridge';
import type { ReactNode } from 'react';
import { useDemoMode } from '../lib/demo-mode-store';
import { canAccess, existsInMode, type RouteDefinition } from '../lib/routes/route-table';
import { StatusPage } from './status-page';

/** Route-level role enforcement (spec section 6 menu visibility): 403 inside the shell. */
export function RoleGuard({ route, children }: { route: RouteDefinition; children: ReactNode }) {
  const role = useAuth((s) => s.user?.role);
  const demo = useDemoMode();
  if (!existsInMode(route, demo)) return <StatusPage status={404} />;
  if (!canAccess(route, role)) return <StatusPage status={403} />;
  return <>{children}</>;
}
