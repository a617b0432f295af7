import {
  ACCOUNT_SETTINGS_MESSAGES as M,
  revokeSessionsResponseSchema,
  sessionParamsSchema,
  userIdParamsSchema,
  userSessionsResponseSchema,
  type SessionParams,
  type UserIdParams,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { requireSelf } from '../plugins/auth';
import { revokeAllSessionsOfUser } from '../repositories/sessions-repository';
import { listLiveSessions, revokeSessionOfUser } from '../repositories/user-sessions-repository';
import { notFound } from '../services/errors';
import { auditRequest } from './audit-request';
import type { RouteDeps } from './route-deps';

/** The caller's own live sessions, and signing them out (one, or all including this one). */
export async function userSessionsRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  app.get<{ Params: UserIdParams }>(
    '/api/users/:userId/sessions',
    { schema: { params: userIdParamsSchema, response: { 200: userSessionsResponseSchema } }, preHandler: deps.authenticate },
    async (request) => {
      const auth = requireSelf(request, request.params.userId);
      const rows = await listLiveSessions(deps.db, auth.userId);
      return {
        items: rows.map((row) => ({
          id: row.id,
          createdAt: new Date(row.createdAt).toISOString(),
          lastSeenAt: new Date(row.lastSeenAt).toISOString(),
          expiresAt: new Date(row.expiresAt).toISOString(),
          ip: row.ip,
          userAgent: row.userAgent,
          current: row.id === auth.sessionId,
        })),
      };
    },
  );

  app.post<{ Params: UserIdParams }>(
    '/api/users/:userId/sessions/revoke',
    { schema: { params: userIdParamsSchema, response: { 200: revokeSessionsResponseSchema } }, preHandler: deps.authenticate },
    async (request) => {
      const auth = requireSelf(request, request.params.userId);
      const revoked = await revokeAllSessionsOfUser(deps.db, auth.userId);
      await auditRequest(deps.db, request, { action: 'sessions.revoked_all', target: auth.userId, detail: { revoked } });
      return { message: M.sessionsRevoked, revoked };
    },
  );

  app.delete<{ Params: SessionParams }>(
    '/api/users/:userId/sessions/:sessionId',
    { schema: { params: sessionParamsSchema, response: { 200: revokeSessionsResponseSchema } }, preHandler: deps.authenticate },
    async (request) => {
      const auth = requireSelf(request, request.params.userId);
      if (!(await revokeSessionOfUser(deps.db, auth.userId, request.params.sessionId))) throw notFound();
      await auditRequest(deps.db, request, { action: 'session.revoked', target: auth.userId });
      return { message: M.sessionRevoked, revoked: 1 };
    },
  );
}
