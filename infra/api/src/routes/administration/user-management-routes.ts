import { adminEndpoints as ep } from '@portal/contracts/endpoints';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AuthContext } from '../../services/identity-service';
import { registerEndpoint } from '../../plugins/endpoint-route';
import { limitConfig } from '../../plugins/rate-limits';
import * as um from '../../services/user-management-service';
import { auditRequest } from '../audit-request';

/**
 * User management: the caller's organisation subtree, organisations it may create,
 * and their users. Tenancy comes from the verified token; anything outside the subtree answers 404.
 */
export async function userManagementRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;
  const svc: um.UserManagementDeps = { ...deps.account, publicUrl: deps.publicUrl };
  const caller = (auth: AuthContext, request: FastifyRequest): um.Caller => ({ ...auth, ip: request.ip });

  registerEndpoint(app, ep.getOrganisationTree, async ({ auth, request }) => um.organisationTree(svc, caller(auth, request)));
  registerEndpoint(app, ep.createManagedOrganisation, async ({ auth, request, body }) => um.createManagedOrganisation(svc, caller(auth, request), body));
  registerEndpoint(app, ep.updateManagedOrganisation, async ({ auth, request, params, body }) =>
    um.updateManagedOrganisation(svc, caller(auth, request), params.orgId, body),
  );
  registerEndpoint(app, ep.deleteManagedOrganisation, async ({ auth, request, params }) => um.deleteManagedOrganisation(svc, caller(auth, request), params.orgId));
  registerEndpoint(app, ep.listOrganisationUsers, async ({ auth, request, params }) => um.listManagedUsers(svc, caller(auth, request), params.orgId));
  registerEndpoint(app, ep.inviteOrganisationUser, async ({ auth, request, params, body }) => um.inviteUser(svc, caller(auth, request), params.orgId, body));
  registerEndpoint(app, ep.updateManagedUser, async ({ auth, request, params, body }) =>
    um.setManagedUserSuspended(svc, caller(auth, request), params.userId, body.suspended),
  );
  registerEndpoint(app, ep.updateManagedUserAccess, async ({ auth, request, params, body }) => {
    const { user, from } = await um.setManagedUserAccess(svc, caller(auth, request), params.userId, body.access);
    // Filed under the user's organisation, so its own tier and every tier above see it.
    if (from !== user.access) {
      await auditRequest(deps.db, request, { action: 'user.access_changed', target: user.username, organisationId: user.organisationId, detail: { from, to: user.access } });
    }
    return user;
  });
  registerEndpoint(app, ep.resetManagedUserMfa, async ({ auth, request, params }) => um.resetManagedUserMfa(svc, caller(auth, request), params.userId));

  // Public: the link in the invitation e-mail. Limited like a password reset.
  registerEndpoint(app, ep.acceptInvitation, async ({ request, body }) => um.acceptInvitation(svc, { ...body, ip: request.ip }), {
    config: limitConfig(deps.rateLimits.resetPassword),
  });
}
