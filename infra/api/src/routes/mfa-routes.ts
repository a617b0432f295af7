import {
  messageResponseSchema,
  mfaResendRequestSchema,
  validateOtpRequestSchema,
  type MfaResendRequest,
  type ValidateOtpRequest,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { requireSelf } from '../plugins/auth';
import { limitConfig } from '../plugins/rate-limits';
import { resendMfaCode, validateMfa } from '../services/account-service';
import type { RouteDeps } from './route-deps';
import { auditUserEvent } from '../services/audit-service';

// The only routes that accept an MFA-pending token (see authenticateMfaPending).
export async function mfaRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  app.post<{ Body: ValidateOtpRequest }>(
    '/api/validate/otp',
    {
      schema: { body: validateOtpRequestSchema, response: { 200: messageResponseSchema } },
      preHandler: deps.authenticateMfaPending,
      config: limitConfig(deps.rateLimits.validateOtp),
    },
    async (request) => {
      const auth = requireSelf(request, request.body.userId);
      try {
        const result = await validateMfa(deps.account, auth, request.body.otp);
        await auditUserEvent(deps.db, { userId: auth.userId }, 'mfa.verified', request.ip, app.log);
        return result;
      } catch (error) {
        await auditUserEvent(deps.db, { userId: auth.userId }, 'mfa.failure', request.ip, app.log);
        throw error;
      }
    },
  );

  app.post<{ Body: MfaResendRequest }>(
    '/api/mfa/resend',
    {
      schema: { body: mfaResendRequestSchema, response: { 200: messageResponseSchema } },
      preHandler: deps.authenticateMfaPending,
      config: limitConfig(deps.rateLimits.mfaResend),
    },
    async (request) => {
      const auth = requireSelf(request, request.body.userId);
      return resendMfaCode(deps.account, auth.userId);
    },
  );
}
