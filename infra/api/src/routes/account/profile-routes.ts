import { accountEndpoints as ep } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import { uploadImage } from '../../services/image-service';
import { commitProfileImage, getAccountProfile, updateAccountProfile } from '../../services/profile-service';
import { auditRequest } from '../audit-request';
import { IMAGE_BODY_LIMIT, mediaBaseOf } from './media-routes';

/** Spec section 7 "Profile": the caller's own profile only; another user id answers 404. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;
  const mediaBase = mediaBaseOf(app);

  registerEndpoint(app, ep.getAccountProfile, async ({ auth, request, params }) => getAccountProfile(deps.db, auth.userId));

  registerEndpoint(app, ep.updateProfile, async ({ auth, request, params, body }) => {
    const userId = auth.userId;
    const before = await getAccountProfile(deps.db, userId);
    const after = await updateAccountProfile(deps.db, userId, body, { limits: deps.passwordAttempts, ip: request.ip });
    if (after.email !== before.email) await auditRequest(deps.db, request, { action: 'email.changed', target: after.username, detail: { from: before.email, to: after.email } });
    return after;
  });

  registerEndpoint(
    app,
    ep.uploadProfileImage,
    async ({ auth, request, params, body }) => {
      return uploadImage(deps.db, { userId: auth.userId, purpose: 'profile', image: body, mediaBase });
    },
    { bodyLimit: IMAGE_BODY_LIMIT },
  );

  registerEndpoint(app, ep.commitProfileImage, async ({ auth, request, params, body }) => {
    return commitProfileImage(deps.db, auth.userId, body.uploadId, mediaBase);
  });
}
