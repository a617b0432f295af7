import type { Health, HealthStatus } from '@portal/contracts';
import { adminEndpoints as ep } from '@portal/contracts/endpoints';
import type { Engine } from '@portal/engine';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import { findOrganisationById } from '../../repositories/organisations-repository';
import { notFound } from '../../services/errors';
import { checkBlobStore } from '../../services/health/blob-health';
import { checkEmail } from '../../services/health/email-health';
import { messageOf, timed, worstOf } from '../../services/health/probe';
import { checkJobQueue } from '../../services/health/queue-health';
import { checkRemotes } from '../../services/health/remote-health';
import { createTenantGraphChecker } from '../../services/health/tenant-graph-health';

/**
 * GET api/health (ADMIN): every part the portal depends on, checked for real on each call (Graph
 * results are cached a minute per tenant). The core parts (database, blob store, e-mail, queue) set
 * the overall status; a tenant or remote in trouble makes it degraded at most, since the portal
 * itself still works.
 */
export async function healthRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;
  const engine = deps.engine;
  const graph = engine ? createTenantGraphChecker(engine) : null;

  registerEndpoint(app, ep.getHealth, async ({ auth, request }): Promise<Health> => {
    const database = await timed(() => deps.db.query('select 1'));
    const databaseUp = database.error === undefined;
    if (!databaseUp) request.log.warn({ err: database.error }, 'health: database check failed');

    const scope = databaseUp ? await findOrganisationById(deps.db, auth.organisationId) : null;
    if (databaseUp && !scope) throw notFound();

    const [email, blobStore, jobQueue, tenants, remotes] = await Promise.all([
      checkEmail(deps.db, deps.account.mailer),
      checkBlobStore(engine?.objects ?? null),
      checkJobQueue(deps.db, engine),
      graph && scope ? graph.check(deps.db, scope.path).catch((error) => (request.log.warn({ err: error }, 'health: tenants check failed'), [])) : Promise.resolve([]),
      databaseUp ? checkRemotes(deps.db).catch((error) => (request.log.warn({ err: messageOf(error) }, 'health: remotes check failed'), [])) : Promise.resolve([]),
    ]);

    const core = worstOf([databaseUp ? 'ok' : 'down', email.status, blobStore.status, jobQueue.status]);
    const edges = worstOf([...tenants.map((t) => t.status), ...remotes.map((r) => r.status ?? 'ok')]);
    const status: HealthStatus = core !== 'ok' ? core : edges === 'ok' ? 'ok' : 'degraded';
    return {
      status,
      checkedAt: new Date().toISOString(),
      api: {
        status: 'ok',
        version: deps.version,
        uptimeSeconds: Math.max(0, Math.floor((Date.now() - deps.startedAt.getTime()) / 1000)),
      },
      database: { status: databaseUp ? 'ok' : 'down', driver: deps.db.driver, latencyMs: databaseUp ? database.latencyMs : null },
      email,
      blobStore,
      jobQueue,
      tenants,
      remotes,
    };
  });
}
