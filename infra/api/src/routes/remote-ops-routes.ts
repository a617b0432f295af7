import {
  publishRemoteRequestSchema,
  remoteFailureRequestSchema,
  remoteFailureResponseSchema,
  remoteListSchema,
  remoteNameParamsSchema,
  remoteOperationAuditSchema,
  remoteAlertsSchema,
  remoteOperationResponseSchema,
  rollbackRemoteRequestSchema,
  type PublishRemoteRequest,
  type RemoteFailureRequest,
  type RemoteNameParams,
  type RollbackRemoteRequest,
} from '@portal/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth, requireRole } from '../plugins/auth';
import type { RemoteStoreReader } from '../remotes/remote-store';
import { listOperations, listRemoteAlerts, recordFailure, usernameOf } from '../repositories/remote-ops-repository';
import { listReleases } from '../repositories/registry-repository';
import { HttpError, notFound } from '../services/errors';
import { listRemoteStatus, publishVersion, RemoteOpsError, rollbackRemote, type Actor } from '../services/remote-ops-service';
import { limitConfig } from '../plugins/rate-limits';
import { REMOTE_REPORT_RATE_LIMIT } from './remote-loads-routes';
import type { RouteDeps } from './route-deps';

export interface RemoteOpsOptions {
  /** The store the portal server serves /remotes/ from; without it, publishing answers 503. */
  remoteStore?: RemoteStoreReader;
}

async function actorOf(deps: RouteDeps, request: FastifyRequest): Promise<Actor> {
  const auth = requireAuth(request);
  const username = await usernameOf(deps.db, auth.userId);
  return { name: username ?? auth.userId, userId: auth.userId, ip: request.ip ?? null };
}

async function asHttp<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof RemoteOpsError) throw new HttpError(error.statusCode, error.message);
    throw error;
  }
}

/**
 * Operators' deploy/rollback API (ADMIN, every change audited with who, what, when and from
 * where) and the browsers' failure reports (any signed-in user), which raise operator alerts.
 */
export async function remoteOpsRoutes(app: FastifyInstance, deps: RouteDeps, options: RemoteOpsOptions = {}): Promise<void> {
  const admin = [deps.authenticate, requireRole('ADMIN')];

  app.get('/api/remotes', { schema: { response: { 200: remoteListSchema } }, preValidation: admin }, async () => ({
    remotes: await listRemoteStatus(deps.db),
  }));

  app.get('/api/remotes/operations', { schema: { response: { 200: remoteOperationAuditSchema } }, preValidation: admin }, async () => ({
    operations: await listOperations(deps.db),
  }));

  // Open alerts raised by remote failures (the operators' alerts page comes later).
  app.get('/api/remotes/alerts', { schema: { response: { 200: remoteAlertsSchema } }, preValidation: admin }, async () => ({
    alerts: await listRemoteAlerts(deps.db),
  }));

  app.post<{ Params: RemoteNameParams; Body: PublishRemoteRequest }>(
    '/api/remotes/:name/releases',
    {
      schema: { params: remoteNameParamsSchema, body: publishRemoteRequestSchema, response: { 200: remoteOperationResponseSchema } },
      preValidation: admin,
    },
    async (request) => {
      const store = options.remoteStore;
      if (!store) throw new HttpError(503, 'No remote store is configured on this server');
      const actor = await actorOf(deps, request);
      return asHttp(() => publishVersion(deps.db, store, { name: request.params.name, ...request.body }, actor));
    },
  );

  app.post<{ Params: RemoteNameParams; Body: RollbackRemoteRequest }>(
    '/api/remotes/:name/rollback',
    {
      schema: { params: remoteNameParamsSchema, body: rollbackRemoteRequestSchema.nullish(), response: { 200: remoteOperationResponseSchema } },
      preValidation: admin,
    },
    async (request) => {
      const actor = await actorOf(deps, request);
      return asHttp(() => rollbackRemote(deps.db, request.params.name, request.body?.to, actor, request.body?.reason || null));
    },
  );

  app.post<{ Params: RemoteNameParams; Body: RemoteFailureRequest }>(
    '/api/remotes/:name/failures',
    {
      schema: { params: remoteNameParamsSchema, body: remoteFailureRequestSchema, response: { 200: remoteFailureResponseSchema } },
      preValidation: [deps.authenticate],
      // Each report can raise an alert: bounded per address like the load reports.
      config: limitConfig(REMOTE_REPORT_RATE_LIMIT),
    },
    async (request) => {
      const auth = requireAuth(request);
      const { name } = request.params;
      // Only recorded versions: a signed-in user must not be able to invent alerts for anything.
      if (!(await listReleases(deps.db, name)).some((r) => r.version === request.body.version)) throw notFound();
      const { alertId } = await recordFailure(deps.db, {
        name,
        ...request.body,
        userId: auth.userId,
        ip: request.ip ?? null,
        userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 500) : null,
      });
      return { recorded: true as const, alertId };
    },
  );
}
