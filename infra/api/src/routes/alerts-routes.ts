import { alertIdParamsSchema, alertListQuerySchema, alertListSchema, alertSchema, type AlertIdParams, type AlertListQuery } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../plugins/auth';
import { changeAlert, listAlerts } from '../services/alerts-service';
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
    async (request) => changeAlert(deps.db, requireAuth(request), request.params.id, 'acknowledge'),
  );

  app.post<{ Params: AlertIdParams }>(
    '/api/alerts/:id/resolve',
    { schema: { params: alertIdParamsSchema, response: { 200: alertSchema } }, preHandler },
    async (request) => changeAlert(deps.db, requireAuth(request), request.params.id, 'resolve'),
  );
}
