import { USER_ACCESS_MESSAGES } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { authenticate, type AuthDeps } from '../services/identity-service';
import { bearerToken } from './auth';
import { MUTATING } from './maintenance-guard';

/**
 * A read-only user's changes answer 403 with the read-only message. The access level comes from the
 * session lookup (joined with users; a cached lookup is evicted the moment the user row changes), so
 * a change by a managing tier applies to the next request, without signing in again. Runs before validation, like the maintenance guard, so the
 * user hears why rather than a form error. Unauthenticated calls pass: their routes decide.
 */
export function useReadOnlyGuard(app: FastifyInstance, deps: AuthDeps): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!MUTATING.has(request.method)) return;
    const token = bearerToken(request);
    if (!token) return;
    // What a read-only user may still change is marked on the endpoint: what stays open during a
    // maintenance, and the routes that only ever act on the caller's own account.
    const endpoint = request.routeOptions.config?.endpoint;
    if (!endpoint || endpoint.openInMaintenance || endpoint.openToReadOnly) return;
    const auth = await authenticate(deps, token).catch(() => null);
    // A full session verified here serves the route's own auth step too (one lookup per request).
    if (auth) request.auth = auth;
    if (auth?.access !== 'read-only') return;
    return reply.code(403).send({ errorMessage: USER_ACCESS_MESSAGES.readOnly });
  });
}
