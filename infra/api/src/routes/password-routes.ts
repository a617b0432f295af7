import {
  changePasswordRequestSchema,
  forgotRequestSchema,
  messageResponseSchema,
  resetPasswordRequestSchema,
  validateResetOtpRequestSchema,
  type ChangePasswordRequest,
  type ForgotRequest,
  type ResetPasswordRequest,
  type ValidateResetOtpRequest,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { requireSelf } from '../plugins/auth';
import { limitConfig } from '../plugins/rate-limits';
import { changePassword, forgotPassword, resetPassword, validateResetCode } from '../services/account-service';
import type { RouteDeps } from './route-deps';
import { auditUserEvent } from '../services/audit-service';

export async function passwordRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  app.post<{ Body: ForgotRequest }>(
    '/api/forgot',
    {
      schema: { body: forgotRequestSchema, response: { 200: messageResponseSchema } },
      config: limitConfig(deps.rateLimits.forgot),
    },
    async (request) => forgotPassword(deps.account, request.body.email),
  );

  app.post<{ Body: ValidateResetOtpRequest }>(
    '/api/validate/reset/otp',
    {
      schema: { body: validateResetOtpRequestSchema, response: { 200: messageResponseSchema } },
      config: limitConfig(deps.rateLimits.validateResetOtp),
    },
    async (request) => validateResetCode(deps.account, request.body.email, request.body.otp),
  );

  app.post<{ Body: ResetPasswordRequest }>(
    '/api/reset/password',
    {
      schema: { body: resetPasswordRequestSchema, response: { 200: messageResponseSchema } },
      config: limitConfig(deps.rateLimits.resetPassword),
    },
    async (request) => {
      const result = await resetPassword(deps.account, request.body);
      await auditUserEvent(deps.db, { email: request.body.email }, 'password.reset', request.ip, app.log);
      return result;
    },
  );

  app.post<{ Body: ChangePasswordRequest }>(
    '/api/change/password',
    {
      schema: { body: changePasswordRequestSchema, response: { 200: messageResponseSchema } },
      preHandler: deps.authenticate,
    },
    async (request) => {
      const auth = requireSelf(request, request.body.userId);
      const result = await changePassword(deps.account, auth.userId, request.body, { limits: deps.passwordAttempts, ip: request.ip });
      await auditUserEvent(deps.db, { userId: auth.userId }, 'password.changed', request.ip, app.log);
      return result;
    },
  );
}
