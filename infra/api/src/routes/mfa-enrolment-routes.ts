import {
  mfaChallengeRequestSchema,
  mfaDisableRequestSchema,
  mfaEnableRequestSchema,
  mfaSetupRequestSchema,
  mfaSetupResponseSchema,
  mfaStateResponseSchema,
  userIdParamsSchema,
  type MfaChallengeRequest,
  type MfaDisableRequest,
  type MfaEnableRequest,
  type MfaSetupRequest,
  type UserIdParams,
} from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireSelf } from '../plugins/auth';
import { disableMfa, enableMfa, requestMfaChallenge, startMfaSetup } from '../services/mfa-enrolment-service';
import { audited } from './audit-request';
import type { RouteDeps } from './route-deps';

// Each call checks the password (argon2) and most check a six-digit code: limit guessing per address.
export const MFA_CHANGE_RATE_LIMIT = { rateLimit: { max: 20, timeWindow: '15 minutes' } };

/** Turning MFA on or off from the profile's security section: current password plus a code, always. */
export async function mfaEnrolmentRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const base = { preHandler: deps.authenticate, config: MFA_CHANGE_RATE_LIMIT };
  // The current password is also counted toward the sign-in lockout (services/password-attempts.ts).
  const attemptOf = (request: FastifyRequest) => ({ limits: deps.passwordAttempts, ip: request.ip });

  app.post<{ Params: UserIdParams; Body: MfaSetupRequest }>(
    '/api/users/:userId/mfa/setup',
    { ...base, schema: { params: userIdParamsSchema, body: mfaSetupRequestSchema, response: { 200: mfaSetupResponseSchema } } },
    async (request) => startMfaSetup(deps.account, requireSelf(request, request.params.userId).userId, request.body, attemptOf(request)),
  );

  app.post<{ Params: UserIdParams; Body: MfaEnableRequest }>(
    '/api/users/:userId/mfa/enable',
    { ...base, schema: { params: userIdParamsSchema, body: mfaEnableRequestSchema, response: { 200: mfaStateResponseSchema } } },
    async (request) =>
      audited(deps.db, request, enableMfa(deps.account, requireSelf(request, request.params.userId).userId, request.body, attemptOf(request)), () => ({
        action: 'mfa.enabled',
        target: request.params.userId,
        detail: { method: request.body.method },
      })),
  );

  app.post<{ Params: UserIdParams; Body: MfaChallengeRequest }>(
    '/api/users/:userId/mfa/challenge',
    { ...base, schema: { params: userIdParamsSchema, body: mfaChallengeRequestSchema, response: { 200: mfaSetupResponseSchema } } },
    async (request) => requestMfaChallenge(deps.account, requireSelf(request, request.params.userId).userId, request.body, attemptOf(request)),
  );

  app.post<{ Params: UserIdParams; Body: MfaDisableRequest }>(
    '/api/users/:userId/mfa/disable',
    { ...base, schema: { params: userIdParamsSchema, body: mfaDisableRequestSchema, response: { 200: mfaStateResponseSchema } } },
    async (request) =>
      audited(deps.db, request, disableMfa(deps.account, requireSelf(request, request.params.userId).userId, request.body, attemptOf(request)), () => ({
        action: 'mfa.disabled',
        target: request.params.userId,
      })),
  );
}
