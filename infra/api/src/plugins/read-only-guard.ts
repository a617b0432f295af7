import { USER_ACCESS_MESSAGES } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '@portal/db';
import { routeLabel } from '../metrics/http-metrics';
import { authenticate } from '../services/identity-service';
import { bearerToken } from './auth';
import { MAINTENANCE_EXEMPT_ROUTES, MUTATING } from './maintenance-guard';

/**
 * What a read-only user may still change: everything open during a maintenance (signing in and out,
 * MFA, password reset, the browsers' remote reports) plus their own account: password, profile and
 * picture, notification settings and their sessions. Those routes only ever act on the caller
 * (requireSelf), never on shared data.
 */
export const READ_ONLY_EXEMPT_ROUTES: ReadonlySet<string> = new Set([
  ...MAINTENANCE_EXEMPT_ROUTES,
  '/api/change/password',
  '/api/users/:userId/profile',
  '/api/users/:userId/profile/image',
  '/api/users/:userId/commit/profile/image',
  '/api/users/:userId/notification-settings',
  '/api/users/:userId/sessions/revoke',
  '/api/users/:userId/sessions/:sessionId',
]);

/**
 * A read-only user's changes answer 403 with the read-only message. The access level comes from the
 * session lookup (joined with users on every request), so a change by a managing tier applies to the
 * next request, without signing in again. Runs before validation, like the maintenance guard, so the
 * user hears why rather than a form error. Unauthenticated calls pass: their routes decide.
 */
export function useReadOnlyGuard(app: FastifyInstance, db: Db, jwtSecret: string): void {
  const prefix = app.prefix;
  app.addHook('onRequest', async (request, reply) => {
    if (!MUTATING.has(request.method)) return;
    const token = bearerToken(request);
    if (!token) return;
    const route = routeLabel(request, prefix);
    if (route === 'unmatched' || READ_ONLY_EXEMPT_ROUTES.has(route)) return;
    const auth = await authenticate(db, jwtSecret, token).catch(() => null);
    // A full session verified here serves the route's own auth step too (one lookup per request).
    if (auth) request.auth = auth;
    if (auth?.access !== 'read-only') return;
    return reply.code(403).send({ errorMessage: USER_ACCESS_MESSAGES.readOnly });
  });
}
