import { adminEndpoints as ep } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import { dashboardSummary } from '../../services/dashboard-service';

/** GET api/dashboard: every role, the summary of its own subtree only. */
export async function dashboardRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;
  registerEndpoint(app, ep.getDashboardSummary, async ({ auth }) => dashboardSummary(deps.db, auth));
}
