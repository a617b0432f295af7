import { alertIdParamsSchema, alertListQuerySchema, alertListSchema, alertSchema, type AlertIdParams, type AlertListQuery } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../plugins/auth';
import { changeAlert, listAlerts } from '../services/alerts-service';
import { audited } from './audit-request';
import type { RouteDeps } from './route-deps';

/** /alerts: every role sees and handles the alerts of its subtree; platform alerts are the provider's. */
export async function alertsRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const preHandler = deps.authenticate;

  app.get<{ Querystring: AlertListQuery }>(
    '/api/alerts',
    { schema: { querystring: alertListQuerySchema, response: { 200: alertListSchema } }, preHandler },
    async (request) => listAlerts(deps.db, requireAuth(request), request.query),
  );

  app.post<{ Params: AlertIdParams }>(
    '/api/alerts/:id/acknowledge',
    { schema: { params: alertIdParamsSchema, response: { 200: alertSchema } }, preHandler },
    async (request) =>
      audited(deps.db, request, changeAlert(deps.db, requireAuth(request), request.params.id, 'acknowledge'), (alert) => ({
        action: 'alert.acknowledged',
        target: alert.message.slice(0, 200),
        detail: { alertId: alert.id, source: alert.source },
      })),
  );

  app.post<{ Params: AlertIdParams }>(
    '/api/alerts/:id/resolve',
    { schema: { params: alertIdParamsSchema, response: { 200: alertSchema } }, preHandler },
    async (request) =>
      audited(deps.db, request, changeAlert(deps.db, requireAuth(request), request.params.id, 'resolve'), (alert) => ({
        action: 'alert.resolved',
        target: alert.message.slice(0, 200),
        detail: { alertId: alert.id, source: alert.source },
      })),
  );
}
