import { adminEndpoints as ep } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import { auditCsv, listAudit, verifyAuditChain } from '../../services/audit-service';

/** The audit log (/user-activity): every role sees its own subtree; only the provider verifies the chain. */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;
  registerEndpoint(app, ep.listAuditLog, async ({ auth, query }) => listAudit(deps.db, auth, query));

  registerEndpoint(app, ep.downloadAuditCsv, async ({ auth, query, reply }) => {
    const csv = await auditCsv(deps.db, auth, query);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', 'attachment; filename="user-activity.csv"')
      .send(csv);
  });

  registerEndpoint(app, ep.verifyAuditLog, async () => verifyAuditChain(deps.db));
}
