import { accountEndpoints as ep } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import { limitConfig } from '../../plugins/rate-limits';
import { changePassword, forgotPassword, resetPassword, validateResetCode } from '../../services/account-service';
import { auditUserEvent } from '../../services/audit-service';

export async function passwordRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;
  registerEndpoint(app, ep.forgot, async ({ body }) => forgotPassword(deps.account, body.email), { config: limitConfig(deps.rateLimits.forgot) });

  registerEndpoint(app, ep.validateResetOtp, async ({ body }) => validateResetCode(deps.account, body.email, body.otp), {
    config: limitConfig(deps.rateLimits.validateResetOtp),
  });

  registerEndpoint(
    app,
    ep.resetPassword,
    async ({ request, body }) => {
      const result = await resetPassword(deps.account, body);
      await auditUserEvent(deps.db, { email: body.email }, 'password.reset', request.ip, app.log);
      return result;
    },
    { config: limitConfig(deps.rateLimits.resetPassword) },
  );

  registerEndpoint(app, ep.changePassword, async ({ auth, request, body }) => {
    const result = await changePassword(deps.account, auth.userId, body, { limits: deps.passwordAttempts, ip: request.ip });
    await auditUserEvent(deps.db, { userId: auth.userId }, 'password.changed', request.ip, app.log);
    return result;
  });
}
