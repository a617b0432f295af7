import { accountEndpoints as ep } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import { commitProfileImage, getAccountProfile, updateAccountProfile } from '../../services/profile-service';
import { auditRequest } from '../audit-request';
import { mediaBaseOf, registerImageUpload } from './media-routes';

/** Spec section 7 "Profile": the caller's own profile only; another user id answers 404. */
export async function profileRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;
  const mediaBase = mediaBaseOf(app);

  registerEndpoint(app, ep.getAccountProfile, async ({ auth }) => getAccountProfile(deps.db, auth.userId, deps.profiles));

  registerEndpoint(app, ep.updateProfile, async ({ auth, request, params, body }) => {
    const userId = auth.userId;
    const before = await getAccountProfile(deps.db, userId);
    const after = await updateAccountProfile(deps.db, userId, body, { limits: deps.passwordAttempts, ip: request.ip });
    if (after.email !== before.email) await auditRequest(deps.db, request, { action: 'email.changed', target: after.username, detail: { from: before.email, to: after.email } });
    return after;
  });

  registerImageUpload(app, ep.uploadProfileImage, 'profile');

  registerEndpoint(app, ep.commitProfileImage, async ({ auth, request, params, body }) => {
    return commitProfileImage(deps.db, auth.userId, body.uploadId, mediaBase);
  });
}
