import {
  accountProfileSchema,
  commitImageRequestSchema,
  imageUploadRequestSchema,
  imageUploadResponseSchema,
  updateProfileRequestSchema,
  userIdParamsSchema,
  type CommitImageRequest,
  type ImageUploadRequest,
  type UpdateProfileRequest,
  type UserIdParams,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { requireSelf } from '../plugins/auth';
import { uploadImage } from '../services/image-service';
import { commitProfileImage, getAccountProfile, updateAccountProfile } from '../services/profile-service';
import { auditRequest } from './audit-request';
import { IMAGE_BODY_LIMIT, mediaBaseOf } from './media-routes';
import type { RouteDeps } from './route-deps';

/** Spec section 7 "Profile": the caller's own profile only; another user id answers 404. */
export async function profileRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const mediaBase = mediaBaseOf(app);

  app.get<{ Params: UserIdParams }>(
    '/api/users/:userId/profile',
    { schema: { params: userIdParamsSchema, response: { 200: accountProfileSchema } }, preHandler: deps.authenticate },
    async (request) => getAccountProfile(deps.db, requireSelf(request, request.params.userId).userId),
  );

  app.put<{ Params: UserIdParams; Body: UpdateProfileRequest }>(
    '/api/users/:userId/profile',
    { schema: { params: userIdParamsSchema, body: updateProfileRequestSchema, response: { 200: accountProfileSchema } }, preHandler: deps.authenticate },
    async (request) => {
      const userId = requireSelf(request, request.params.userId).userId;
      const before = await getAccountProfile(deps.db, userId);
      const after = await updateAccountProfile(deps.db, userId, request.body, { limits: deps.passwordAttempts, ip: request.ip });
      if (after.email !== before.email) await auditRequest(deps.db, request, { action: 'email.changed', target: after.username, detail: { from: before.email, to: after.email } });
      return after;
    },
  );

  app.put<{ Params: UserIdParams; Body: ImageUploadRequest }>(
    '/api/users/:userId/profile/image',
    {
      bodyLimit: IMAGE_BODY_LIMIT,
      schema: { params: userIdParamsSchema, body: imageUploadRequestSchema, response: { 200: imageUploadResponseSchema } },
      preHandler: deps.authenticate,
    },
    async (request) => {
      const auth = requireSelf(request, request.params.userId);
      return uploadImage(deps.db, { userId: auth.userId, purpose: 'profile', image: request.body, mediaBase });
    },
  );

  app.post<{ Params: UserIdParams; Body: CommitImageRequest }>(
    '/api/users/:userId/commit/profile/image',
    { schema: { params: userIdParamsSchema, body: commitImageRequestSchema, response: { 200: accountProfileSchema } }, preHandler: deps.authenticate },
    async (request) => {
      const auth = requireSelf(request, request.params.userId);
      return commitProfileImage(deps.db, auth.userId, request.body.uploadId, mediaBase);
    },
  );
}
