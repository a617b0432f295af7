import { ACCOUNT_SETTINGS_MESSAGES as M } from '@portal/contracts';
import { accountEndpoints as ep } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import { revokeAllSessionsOfUser } from '../../repositories/sessions-repository';
import { listLiveSessions, revokeSessionOfUser } from '../../repositories/user-sessions-repository';
import { notFound } from '../../services/errors';
import { auditRequest } from '../audit-request';

/** The caller's own live sessions, and signing them out (one, or all including this one). */
export async function userSessionsRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;
  registerEndpoint(app, ep.listSessions, async ({ auth, request, params }) => {
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
  });

  registerEndpoint(app, ep.revokeAllSessions, async ({ auth, request, params }) => {
    const revoked = await revokeAllSessionsOfUser(deps.db, auth.userId);
    await auditRequest(deps.db, request, { action: 'sessions.revoked_all', target: auth.userId, detail: { revoked } });
    return { message: M.sessionsRevoked, revoked };
  });

  registerEndpoint(app, ep.revokeSession, async ({ auth, request, params }) => {
    if (!(await revokeSessionOfUser(deps.db, auth.userId, params.sessionId))) throw notFound();
    await auditRequest(deps.db, request, { action: 'session.revoked', target: auth.userId });
    return { message: M.sessionRevoked, revoked: 1 };
  });
}
