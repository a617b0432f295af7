import type { FastifyInstance } from 'fastify';
import type { Db } from '@portal/db';
import { routeLabel } from '../metrics/http-metrics';
import { bearerToken } from './auth';
import { readMaintenance } from '../services/maintenance-service';
import { authenticate } from '../services/identity-service';

/** Shared with the read-only guard: the methods that change something. */
export const MUTATING: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Users must still be able to sign in and out, finish MFA and reset a forgotten password. */
export const MAINTENANCE_EXEMPT_ROUTES: ReadonlySet<string> = new Set([
  '/api/signin',
  '/api/users/:userId/signout',
  '/api/validate/otp',
  '/api/mfa/resend',
  '/api/users/:userId/mfa/setup',
  '/api/users/:userId/mfa/enable',
  '/api/users/:userId/mfa/challenge',
  '/api/users/:userId/mfa/disable',
  '/api/forgot',
  '/api/validate/reset/otp',
  '/api/reset/password',
  // Not changes: the browsers' remote load and failure reports (health and fallback alerts need them
  // most during a maintenance), and the availability checks, which only read.
  '/api/remotes/:name/loads',
  '/api/remotes/:name/failures',
  '/api/available/username',
  '/api/available/email',
]);

/**
 * While maintenance mode is on, changes are refused with 503 and the operator's message, except the
 * exempt routes above and calls of an ADMIN (who needs to work on the platform, and switch it off).
 * Runs before validation so a customer gets the maintenance message rather than a form error.
 */
export function useMaintenanceGuard(app: FastifyInstance, db: Db, jwtSecret: string): void {
  const prefix = app.prefix;
  app.addHook('onRequest', async (request, reply) => {
    if (!MUTATING.has(request.method)) return;
    const route = routeLabel(request, prefix);
    if (route === 'unmatched' || MAINTENANCE_EXEMPT_ROUTES.has(route)) return;
    const maintenance = await readMaintenance(db);
    if (!maintenance.enabled) return;
    const auth = await authenticate(db, jwtSecret, bearerToken(request)).catch(() => null);
    if (auth?.role === 'ADMIN') return;
    return reply.code(503).header('retry-after', '300').send({ errorMessage: maintenance.message });
  });
}
