import { maintenanceStatusSchema, maintenanceUpdateSchema } from '@portal/contracts';
import type { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import { requireAuth, requireRole } from '../plugins/auth';
import { usernameOf } from '../repositories/remote-ops-repository';
import { changeMaintenance, readMaintenance } from '../services/maintenance-service';
import type { RouteDeps } from './route-deps';

/** Maintenance mode: the operator (ADMIN) switches it; everyone, signed in or not, may read it. */
export async function maintenanceRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const admin = [deps.authenticate, requireRole('ADMIN')];
  const response = { response: { 200: maintenanceStatusSchema } };

  app.get('/api/platform/maintenance', { schema: response }, async () => readMaintenance(deps.db));

  app.get('/api/operator/maintenance', { schema: response, preHandler: admin }, async () => readMaintenance(deps.db));

  app.put<{ Body: z.output<typeof maintenanceUpdateSchema> }>(
    '/api/operator/maintenance',
    { schema: { body: maintenanceUpdateSchema, ...response }, preHandler: admin },
    async (request) => {
      const auth = requireAuth(request);
      return changeMaintenance(
        deps.db,
        request.body,
        { userId: auth.userId, organisationId: auth.organisationId, username: await usernameOf(deps.db, auth.userId), ip: request.ip ?? null },
        request.log,
      );
    },
  );
}
