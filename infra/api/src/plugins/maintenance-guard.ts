import type { FastifyInstance } from 'fastify';
import { bearerToken } from './auth';
import { readMaintenance } from '../services/maintenance-service';
import { authenticate, type AuthDeps } from '../services/identity-service';

/** Shared with the read-only guard: the methods that change something. */
export const MUTATING: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * While maintenance mode is on, changes are refused with 503 and the operator's message, except the
 * endpoints marked `openInMaintenance` in their descriptors (signing in and out, MFA, password reset,
 * the browsers' remote reports, availability checks) and calls of an ADMIN (who needs to work on
 * the platform, and switch it off).
 * Runs before validation so a customer gets the maintenance message rather than a form error.
 */
export function useMaintenanceGuard(app: FastifyInstance, deps: AuthDeps): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!MUTATING.has(request.method)) return;
    // Unmatched requests answer 404 anyway; an endpoint says itself whether it stays open.
    const endpoint = request.routeOptions.config?.endpoint;
    if (!endpoint || endpoint.openInMaintenance) return;
    const maintenance = await readMaintenance(deps.db);
    if (!maintenance.enabled) return;
    const auth = await authenticate(deps, bearerToken(request)).catch(() => null);
    if (auth?.role === 'ADMIN') return;
    return reply.code(503).header('retry-after', '300').send({ errorMessage: maintenance.message });
  });
}
