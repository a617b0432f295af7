import { dashboardSummarySchema } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../plugins/auth';
import { dashboardSummary } from '../services/dashboard-service';
import type { RouteDeps } from './route-deps';

/** GET api/dashboard: every role, the summary of its own subtree only. */
export async function dashboardRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  app.get(
    '/api/dashboard',
    { schema: { response: { 200: dashboardSummarySchema } }, preHandler: deps.authenticate },
    async (request) => dashboardSummary(deps.db, requireAuth(request)),
  );
}
