import { adminEndpoints as ep } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import { usernameOf } from '../../repositories/remote-ops-repository';
import { changeMaintenance, readMaintenance } from '../../services/maintenance-service';

/** Maintenance mode: the operator (ADMIN) switches it; everyone, signed in or not, may read it. */
export async function maintenanceRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;
  registerEndpoint(app, ep.getPublicMaintenance, async () => readMaintenance(deps.db));

  registerEndpoint(app, ep.getMaintenance, async () => readMaintenance(deps.db));

  registerEndpoint(app, ep.setMaintenance, async ({ auth, request, body }) =>
    changeMaintenance(
      deps.db,
      body,
      { userId: auth.userId, organisationId: auth.organisationId, username: await usernameOf(deps.db, auth.userId), ip: request.ip ?? null },
      request.log,
    ),
  );
}
