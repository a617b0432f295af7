import type { Role } from '@portal/contracts';
import { ROUTES, canAccess } from '../../../lib/routes/route-table';

/** The first of `candidates` the role may open, so a card never links to a page that answers 403. */
export function cardLink(role: Role | undefined, candidates: readonly string[]): string | undefined {
  return candidates.find((path) => {
    const route = ROUTES.find((r) => r.path === path);
    return route !== undefined && canAccess(route, role);
  });
}
