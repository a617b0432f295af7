import { accountEndpoints as ep } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import { limitConfig } from '../../plugins/rate-limits';
import { resendMfaCode, validateMfa } from '../../services/account-service';
import { auditUserEvent } from '../../services/audit-service';

// The only routes that accept an MFA-pending token (access `mfaPending` in their descriptors).
export async function mfaRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;
  registerEndpoint(
    app,
    ep.validateOtp,
    async ({ auth, request, body }) => {
      try {
        const result = await validateMfa(deps.account, auth, body.otp);
        await auditUserEvent(deps.db, { userId: auth.userId }, 'mfa.verified', request.ip, app.log);
        return result;
      } catch (error) {
        await auditUserEvent(deps.db, { userId: auth.userId }, 'mfa.failure', request.ip, app.log);
        throw error;
      }
    },
    { config: limitConfig(deps.rateLimits.validateOtp) },
  );

  registerEndpoint(
    app,
    ep.resendMfaCode,
    async ({ auth, request, body }) => {
      return resendMfaCode(deps.account, auth.userId);
    },
    { config: limitConfig(deps.rateLimits.mfaResend) },
  );
}
