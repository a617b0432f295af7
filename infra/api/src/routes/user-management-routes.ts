import {
  acceptInviteRequestSchema,
  adminMessageSchema,
  createOrganisationRequestSchema,
  inviteUserRequestSchema,
  managedUserIdParamsSchema,
  managedUserListSchema,
  managedUserSchema,
  organisationIdParamsSchema,
  organisationNodeSchema,
  organisationTreeSchema,
  updateManagedUserRequestSchema,
  updateOrganisationRequestSchema,
  updateUserAccessRequestSchema,
  type AcceptInviteRequest,
  type CreateOrganisationRequest,
  type InviteUserRequest,
  type ManagedUserIdParams,
  type OrganisationIdParams,
  type UpdateManagedUserRequest,
  type UpdateOrganisationRequest,
  type UpdateUserAccessRequest,
} from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth, requireRole } from '../plugins/auth';
import { limitConfig } from '../plugins/rate-limits';
import * as um from '../services/user-management-service';
import { auditRequest } from './audit-request';
import type { RouteDeps } from './route-deps';

/**
 * User management (issue 10): the caller's organisation subtree, organisations it may create,
 * and their users. Tenancy comes from the verified token; anything outside the subtree answers 404.
 */
export async function userManagementRoutes(app: FastifyInstance, deps: RouteDeps, options: { publicUrl?: string } = {}): Promise<void> {
  const svc: um.UserManagementDeps = { ...deps.account, publicUrl: options.publicUrl };
  const preHandler = [deps.authenticate, requireRole('ADMIN', 'PARTNER', 'DIRECTPARTNER')];
  const caller = (request: FastifyRequest): um.Caller => ({ ...requireAuth(request), ip: request.ip });

  app.get('/admin/organisations', { schema: { response: { 200: organisationTreeSchema } }, preHandler }, async (request) =>
    um.organisationTree(svc, caller(request)),
  );

  app.post<{ Body: CreateOrganisationRequest }>(
    '/admin/organisations',
    { schema: { body: createOrganisationRequestSchema, response: { 201: organisationNodeSchema } }, preHandler },
    async (request, reply) => reply.code(201).send(await um.createManagedOrganisation(svc, caller(request), request.body)),
  );

  app.patch<{ Params: OrganisationIdParams; Body: UpdateOrganisationRequest }>(
    '/admin/organisations/:orgId',
    { schema: { params: organisationIdParamsSchema, body: updateOrganisationRequestSchema, response: { 200: organisationNodeSchema } }, preHandler },
    async (request) => um.updateManagedOrganisation(svc, caller(request), request.params.orgId, request.body),
  );

  app.delete<{ Params: OrganisationIdParams }>(
    '/admin/organisations/:orgId',
    { schema: { params: organisationIdParamsSchema, response: { 200: adminMessageSchema } }, preHandler },
    async (request) => um.deleteManagedOrganisation(svc, caller(request), request.params.orgId),
  );

  app.get<{ Params: OrganisationIdParams }>(
    '/admin/organisations/:orgId/users',
    { schema: { params: organisationIdParamsSchema, response: { 200: managedUserListSchema } }, preHandler },
    async (request) => um.listManagedUsers(svc, caller(request), request.params.orgId),
  );

  app.post<{ Params: OrganisationIdParams; Body: InviteUserRequest }>(
    '/admin/organisations/:orgId/users',
    { schema: { params: organisationIdParamsSchema, body: inviteUserRequestSchema, response: { 201: managedUserSchema } }, preHandler },
    async (request, reply) => reply.code(201).send(await um.inviteUser(svc, caller(request), request.params.orgId, request.body)),
  );

  app.patch<{ Params: ManagedUserIdParams; Body: UpdateManagedUserRequest }>(
    '/admin/users/:userId',
    { schema: { params: managedUserIdParamsSchema, body: updateManagedUserRequestSchema, response: { 200: managedUserSchema } }, preHandler },
    async (request) => um.setManagedUserSuspended(svc, caller(request), request.params.userId, request.body.suspended),
  );

  app.put<{ Params: ManagedUserIdParams; Body: UpdateUserAccessRequest }>(
    '/admin/users/:userId/access',
    { schema: { params: managedUserIdParamsSchema, body: updateUserAccessRequestSchema, response: { 200: managedUserSchema } }, preHandler },
    async (request) => {
      const { user, from } = await um.setManagedUserAccess(svc, caller(request), request.params.userId, request.body.access);
      // Filed under the user's organisation, so its own tier and every tier above see it.
      if (from !== user.access) {
        await auditRequest(deps.db, request, { action: 'user.access_changed', target: user.username, organisationId: user.organisationId, detail: { from, to: user.access } });
      }
      return user;
    },
  );

  app.post<{ Params: ManagedUserIdParams }>(
    '/admin/users/:userId/reset-mfa',
    { schema: { params: managedUserIdParamsSchema, response: { 200: managedUserSchema } }, preHandler },
    async (request) => um.resetManagedUserMfa(svc, caller(request), request.params.userId),
  );

  // Public: the link in the invitation e-mail. Limited like a password reset.
  app.post<{ Body: AcceptInviteRequest }>(
    '/api/invitations/accept',
    { schema: { body: acceptInviteRequestSchema, response: { 200: adminMessageSchema } }, config: limitConfig(deps.rateLimits.resetPassword) },
    async (request) => um.acceptInvitation(svc, { ...request.body, ip: request.ip }),
  );
}
