import { accountEndpoints as ep } from '@portal/contracts/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import { disableMfa, enableMfa, requestMfaChallenge, startMfaSetup } from '../../services/mfa-enrolment-service';
import { audited } from '../audit-request';

// Each call checks the password (argon2) and most check a six-digit code: limit guessing per address.
export const MFA_CHANGE_RATE_LIMIT = { rateLimit: { max: 20, timeWindow: '15 minutes' } };

/** Turning MFA on or off from the profile's security section: current password plus a code, always. */
export async function mfaEnrolmentRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;
  const limited = { config: MFA_CHANGE_RATE_LIMIT };
  // The current password is also counted toward the sign-in lockout (services/password-attempts.ts).
  const attemptOf = (request: FastifyRequest) => ({ limits: deps.passwordAttempts, ip: request.ip });

  registerEndpoint(
    app,
    ep.startMfaSetup,
    async ({ auth, request, params, body }) => startMfaSetup(deps.account, auth.userId, body, attemptOf(request)),
    limited,
  );

  registerEndpoint(
    app,
    ep.enableMfa,
    async ({ auth, request, params, body }) =>
      audited(deps.db, request, enableMfa(deps.account, auth.userId, body, attemptOf(request)), () => ({
        action: 'mfa.enabled',
        target: params.userId,
        detail: { method: body.method },
      })),
    limited,
  );

  registerEndpoint(
    app,
    ep.requestMfaChallenge,
    async ({ auth, request, params, body }) => requestMfaChallenge(deps.account, auth.userId, body, attemptOf(request)),
    limited,
  );

  registerEndpoint(
    app,
    ep.disableMfa,
    async ({ auth, request, params, body }) =>
      audited(deps.db, request, disableMfa(deps.account, auth.userId, body, attemptOf(request)), () => ({
        action: 'mfa.disabled',
        target: params.userId,
      })),
    limited,
  );
}
