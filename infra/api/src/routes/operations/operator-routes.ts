import { adminEndpoints as ep } from '@portal/contracts/endpoints';
import { WORKER_ALIVE_SECONDS } from '@portal/engine';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import { listEngineWorkers } from '../../repositories/engine-workers-repository';
import { cancelActiveJob, listActiveJobs } from '../../services/operator-jobs-service';

/** /operator's job queue and workers (ADMIN only). */
export async function operatorRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;
  registerEndpoint(app, ep.listOperatorJobs, async ({ auth, query }) => listActiveJobs(deps.db, auth, query));
  registerEndpoint(app, ep.cancelOperatorJob, async ({ auth, params }) => cancelActiveJob(deps.db, auth, params.id));
  registerEndpoint(app, ep.listEngineWorkers, async () => ({
    workers: await listEngineWorkers(deps.db),
    aliveAfterSeconds: WORKER_ALIVE_SECONDS,
  }));
}
