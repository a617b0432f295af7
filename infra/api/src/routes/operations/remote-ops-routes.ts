import { adminEndpoints as ep } from '@portal/contracts/endpoints';
import type { ApiServices } from '../../app/api-services';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import type { RemoteStoreReader } from '../../remotes/remote-store';
import { listOperations, listRemoteAlerts, recordFailure, usernameOf } from '../../repositories/remote-ops-repository';
import { listReleases } from '../../repositories/registry-repository';
import { HttpError, notFound } from '../../services/errors';
import type { AuthContext } from '../../services/identity-service';
import { canaryStatuses, checkCanary, promoteCanary, rollBackCanary, startCanary } from '../../services/canary-service';
import { listRemoteStatus, publishVersion, RemoteOpsError, rollbackRemote, type Actor } from '../../services/remote-ops-service';
import { limitConfig } from '../../plugins/rate-limits';
import { REMOTE_REPORT_RATE_LIMIT } from './remote-loads-routes';

async function actorOf(deps: ApiServices, auth: AuthContext, request: FastifyRequest): Promise<Actor> {
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
 * Access is checked before validation: a caller without it learns nothing of the schemas.
 */
export async function remoteOpsRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;
  const guardFirst = { guardBeforeValidation: true };

  registerEndpoint(app, ep.listRemoteVersions, async () => ({ remotes: await listRemoteStatus(deps.db) }), guardFirst);

  registerEndpoint(app, ep.listRemoteOperations, async () => ({ operations: await listOperations(deps.db) }), guardFirst);

  // Open alerts raised by remote failures (the operators' alerts page comes later).
  registerEndpoint(app, ep.listRemoteAlerts, async () => ({ alerts: await listRemoteAlerts(deps.db) }), guardFirst);

  registerEndpoint(
    app,
    ep.publishRemoteVersion,
    async ({ auth, request, params, body }) => {
      const store = deps.remoteStore;
      if (!store) throw new HttpError(503, 'No remote store is configured on this server');
      const actor = await actorOf(deps, auth, request);
      return asHttp(() => publishVersion(deps.db, store, { name: params.name, ...body }, actor));
    },
    guardFirst,
  );

  registerEndpoint(
    app,
    ep.rollbackRemoteVersion,
    async ({ auth, request, params, body }) => {
      const actor = await actorOf(deps, auth, request);
      return asHttp(() => rollbackRemote(deps.db, params.name, body?.to, actor, body?.reason || null));
    },
    guardFirst,
  );

  registerEndpoint(app, ep.listRemoteCanaries, async () => ({ canaries: await canaryStatuses(deps.db) }), guardFirst);

  registerEndpoint(
    app,
    ep.startRemoteCanary,
    async ({ auth, request, params, body }) => {
      const store = deps.remoteStore;
      if (!store) throw new HttpError(503, 'No remote store is configured on this server');
      const actor = await actorOf(deps, auth, request);
      return { canary: await asHttp(() => startCanary(deps.db, store, { name: params.name, ...body }, actor)) };
    },
    guardFirst,
  );

  registerEndpoint(
    app,
    ep.promoteRemoteCanary,
    async ({ auth, request, params }) => ({ canary: await asHttp(async () => promoteCanary(deps.db, params.name, await actorOf(deps, auth, request))) }),
    guardFirst,
  );

  registerEndpoint(
    app,
    ep.rollbackRemoteCanary,
    async ({ auth, request, params, body }) => ({
      canary: await asHttp(async () => rollBackCanary(deps.db, params.name, await actorOf(deps, auth, request), body?.reason || null)),
    }),
    guardFirst,
  );

  registerEndpoint(
    app,
    ep.reportRemoteFailure,
    async ({ auth, request, params, body }) => {
      const { name } = params;
      // Only recorded versions: a signed-in user must not be able to invent alerts for anything.
      if (!(await listReleases(deps.db, name)).some((r) => r.version === body.version)) throw notFound();
      const { alertId } = await recordFailure(deps.db, {
        name,
        ...body,
        userId: auth.userId,
        ip: request.ip ?? null,
        userAgent: typeof request.headers['user-agent'] === 'string' ? request.headers['user-agent'].slice(0, 500) : null,
      });
      // A canary whose failures pass the rule is rolled back by itself, right here.
      await checkCanary(deps.db, name, body.version);
      return { recorded: true as const, alertId };
    },
    // Each report can raise an alert: bounded per address like the load reports.
    { ...guardFirst, config: limitConfig(REMOTE_REPORT_RATE_LIMIT) },
  );
}
