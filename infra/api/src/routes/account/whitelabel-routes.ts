import { accountEndpoints as ep } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import { mailSenderCode, verifySender } from '../../services/whitelabel-sender-service';
import { commitWhitelabelImage, getWhitelabel, updateWhitelabel } from '../../services/whitelabel-service';
import { audited, changedFields } from '../audit-request';
import { mediaBaseOf, registerImageUpload } from './media-routes';

/**
 * Spec section 7 "White-label". Every signed-in user reads the branding that applies to them (the
 * shell needs it); only ADMIN, PARTNER and DIRECTPARTNER change their own organisation's (403 for
 * others; the descriptors' access, as WHITELABEL_EDITOR_ROLES). The path user id must be the
 * caller's (404 otherwise), so one partner can never reach another's branding.
 */
export async function whitelabelRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;
  const mediaBase = mediaBaseOf(app);

  registerEndpoint(app, ep.getWhitelabel, async ({ auth, request, params }) => getWhitelabel(deps.account, auth));

  registerEndpoint(app, ep.updateWhitelabel, async ({ auth, request, params, body }) => {
    const before = (await getWhitelabel(deps.account, auth)).own;
    return audited(deps.db, request, updateWhitelabel(deps.account, auth, body, mediaBase), (after) => ({
      action: 'branding.updated',
      target: after.sourceOrganisationName,
      detail: { fields: changedFields(before, after.own, ['copyrightText', 'whitelabelImageUrl', 'whiteLabelEmail', 'presetColor']) },
    }));
  });

  registerImageUpload(app, ep.uploadWhitelabelImage, 'whitelabel');

  registerEndpoint(app, ep.commitWhitelabelImage, async ({ auth, request, params, body }) =>
    audited(deps.db, request, commitWhitelabelImage(deps.account, auth, body.uploadId, mediaBase), (after) => ({
      action: 'branding.logo_uploaded',
      target: after.sourceOrganisationName,
    })),
  );

  // The sender address is used for mail only once the code mailed to it has come back.
  registerEndpoint(app, ep.sendWhitelabelSenderCode, async ({ auth, request, params }) => {
    await mailSenderCode(deps.account, auth);
    return getWhitelabel(deps.account, auth);
  });

  registerEndpoint(app, ep.verifyWhitelabelSender, async ({ auth, request, params, body }) => {
    const verified = (async () => {
      await verifySender(deps.account, auth, body.code);
      return getWhitelabel(deps.account, auth);
    })();
    return audited(deps.db, request, verified, (after) => ({ action: 'branding.sender_verified', target: after.sourceOrganisationName }));
  });
}
