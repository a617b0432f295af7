import { auditListQuerySchema, auditPageSchema, auditVerifySchema, type AuditListQuery } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth, requireRole } from '../plugins/auth';
import { auditCsv, listAudit, verifyAuditChain } from '../services/audit-service';
import type { RouteDeps } from './route-deps';

/** The audit log (/user-activity): every role sees its own subtree; only the provider verifies the chain. */
export async function auditRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const preHandler = deps.authenticate;

  app.get<{ Querystring: AuditListQuery }>(
    '/admin/audit',
    { schema: { querystring: auditListQuerySchema, response: { 200: auditPageSchema } }, preHandler },
    async (request) => listAudit(deps.db, requireAuth(request), request.query),
  );

  app.get<{ Querystring: AuditListQuery }>(
    '/admin/audit.csv',
    { schema: { querystring: auditListQuerySchema }, preHandler },
    async (request, reply) => {
      const csv = await auditCsv(deps.db, requireAuth(request), request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="user-activity.csv"')
        .send(csv);
    },
  );

  app.get(
    '/admin/audit/verify',
    { schema: { response: { 200: auditVerifySchema } }, preHandler: [preHandler, requireRole('ADMIN')] },
    async () => verifyAuditChain(deps.db),
  );
}
