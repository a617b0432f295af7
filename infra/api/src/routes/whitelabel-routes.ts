import {
  commitImageRequestSchema,
  imageUploadRequestSchema,
  imageUploadResponseSchema,
  userIdParamsSchema,
  whitelabelResponseSchema,
  whitelabelSenderVerifyRequestSchema,
  whitelabelSettingsRequestSchema,
  type CommitImageRequest,
  type ImageUploadRequest,
  type UserIdParams,
  type WhitelabelSenderVerifyRequest,
  type WhitelabelSettingsRequest,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { requireRole, requireSelf } from '../plugins/auth';
import { uploadImage } from '../services/image-service';
import { mailSenderCode, verifySender } from '../services/whitelabel-sender-service';
import { commitWhitelabelImage, getWhitelabel, updateWhitelabel, WHITELABEL_EDITOR_ROLES } from '../services/whitelabel-service';
import { audited, changedFields } from './audit-request';
import { IMAGE_BODY_LIMIT, mediaBaseOf } from './media-routes';
import type { RouteDeps } from './route-deps';

/**
 * Spec section 7 "White-label". Every signed-in user reads the branding that applies to them (the
 * shell needs it); only ADMIN, PARTNER and DIRECTPARTNER change their own organisation's (403 for
 * others). The path user id must be the caller's (404 otherwise), so one partner can never reach
 * another's branding.
 */
export async function whitelabelRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const mediaBase = mediaBaseOf(app);
  const editors = [deps.authenticate, requireRole(...WHITELABEL_EDITOR_ROLES)];

  app.get<{ Params: UserIdParams }>(
    '/api/users/:userId/whitelabel',
    { schema: { params: userIdParamsSchema, response: { 200: whitelabelResponseSchema } }, preHandler: deps.authenticate },
    async (request) => getWhitelabel(deps.account, requireSelf(request, request.params.userId)),
  );

  app.put<{ Params: UserIdParams; Body: WhitelabelSettingsRequest }>(
    '/api/users/:userId/whitelabel',
    { schema: { params: userIdParamsSchema, body: whitelabelSettingsRequestSchema, response: { 200: whitelabelResponseSchema } }, preHandler: editors },
    async (request) => {
      const auth = requireSelf(request, request.params.userId);
      const before = (await getWhitelabel(deps.account, auth)).own;
      return audited(deps.db, request, updateWhitelabel(deps.account, auth, request.body, mediaBase), (after) => ({
        action: 'branding.updated',
        target: after.sourceOrganisationName,
        detail: { fields: changedFields(before, after.own, ['copyrightText', 'whitelabelImageUrl', 'whiteLabelEmail', 'presetColor']) },
      }));
    },
  );

  app.put<{ Params: UserIdParams; Body: ImageUploadRequest }>(
    '/api/users/:userId/whitelabel/image',
    {
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: { params: userIdParamsSchema, body: imageUploadRequestSchema, response: { 200: imageUploadResponseSchema } },
      preHandler: editors,
    },
    async (request) => {
      const auth = requireSelf(request, request.params.userId);
      return uploadImage(deps.db, { userId: auth.userId, purpose: 'whitelabel', image: request.body, mediaBase });
    },
  );

  app.post<{ Params: UserIdParams; Body: CommitImageRequest }>(
    '/api/users/:userId/commit/whitelabel/image',
    { schema: { params: userIdParamsSchema, body: commitImageRequestSchema, response: { 200: whitelabelResponseSchema } }, preHandler: editors },
    async (request) =>
      audited(deps.db, request, commitWhitelabelImage(deps.account, requireSelf(request, request.params.userId), request.body.uploadId, mediaBase), (after) => ({
        action: 'branding.logo_uploaded',
        target: after.sourceOrganisationName,
      })),
  );

  // The sender address is used for mail only once the code mailed to it has come back.
  app.post<{ Params: UserIdParams }>(
    '/api/users/:userId/whitelabel/sender/code',
    { schema: { params: userIdParamsSchema, response: { 200: whitelabelResponseSchema } }, preHandler: editors },
    async (request) => {
      const auth = requireSelf(request, request.params.userId);
      await mailSenderCode(deps.account, auth);
      return getWhitelabel(deps.account, auth);
    },
  );

  app.post<{ Params: UserIdParams; Body: WhitelabelSenderVerifyRequest }>(
    '/api/users/:userId/whitelabel/sender/verify',
    { schema: { params: userIdParamsSchema, body: whitelabelSenderVerifyRequestSchema, response: { 200: whitelabelResponseSchema } }, preHandler: editors },
    async (request) => {
      const auth = requireSelf(request, request.params.userId);
      const verified = (async () => {
        await verifySender(deps.account, auth, request.body.code);
        return getWhitelabel(deps.account, auth);
      })();
      return audited(deps.db, request, verified, (after) => ({ action: 'branding.sender_verified', target: after.sourceOrganisationName }));
    },
  );
}
