import {
  engineWorkerListSchema,
  operatorJobIdParamsSchema,
  operatorJobListQuerySchema,
  operatorJobPageSchema,
  operatorJobSchema,
  type OperatorJobIdParams,
  type OperatorJobListQuery,
} from '@portal/contracts';
import { WORKER_ALIVE_SECONDS } from '@portal/engine';
import type { FastifyInstance } from 'fastify';
import { requireAuth, requireRole } from '../plugins/auth';
import { listEngineWorkers } from '../repositories/engine-workers-repository';
import { cancelActiveJob, listActiveJobs } from '../services/operator-jobs-service';
import type { RouteDeps } from './route-deps';

/** /operator's job queue and workers (ADMIN only). */
export async function operatorRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  const preHandler = [deps.authenticate, requireRole('ADMIN')];

  app.get<{ Querystring: OperatorJobListQuery }>(
    '/api/operator/jobs',
    { schema: { querystring: operatorJobListQuerySchema, response: { 200: operatorJobPageSchema } }, preHandler },
    async (request) => listActiveJobs(deps.db, requireAuth(request), request.query),
  );

  app.post<{ Params: OperatorJobIdParams }>(
    '/api/operator/jobs/:id/cancel',
    { schema: { params: operatorJobIdParamsSchema, response: { 200: operatorJobSchema } }, preHandler },
    async (request) => cancelActiveJob(deps.db, requireAuth(request), request.params.id),
  );

  app.get('/api/operator/workers', { schema: { response: { 200: engineWorkerListSchema } }, preHandler }, async () => ({
    workers: await listEngineWorkers(deps.db),
    aliveAfterSeconds: WORKER_ALIVE_SECONDS,
  }));
}
