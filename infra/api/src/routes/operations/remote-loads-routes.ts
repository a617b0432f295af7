import { adminEndpoints as ep } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import { limitConfig } from '../../plugins/rate-limits';
import { listReleases } from '../../repositories/registry-repository';
import { recordRemoteLoad } from '../../repositories/remote-loads-repository';
import { notFound } from '../../services/errors';

/** Load and failure reports per address: a browser sends one per remote, version and tab session; this bounds a misbehaving one. */
export const REMOTE_REPORT_RATE_LIMIT = { max: 60, timeWindow: '1 minute' };

/**
 * POST api/remotes/:name/loads (any signed-in user): the host reports that a remote version's
 * module loaded, so /health-check can weigh failures against successful loads.
 */
export async function remoteLoadsRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;
  registerEndpoint(
    app,
    ep.reportRemoteLoad,
    async ({ auth, params, body }) => {
      const { name } = params;
      // Only published versions: nobody can pad the counts of a version that does not exist.
      if (!(await listReleases(deps.db, name)).some((r) => r.version === body.version)) throw notFound();
      await recordRemoteLoad(deps.db, { name, version: body.version, ms: body.ms, userId: auth.userId });
      return { recorded: true as const };
    },
    // Authentication first, as for the failure reports: an anonymous caller learns nothing of the schema.
    { guardBeforeValidation: true, config: limitConfig(REMOTE_REPORT_RATE_LIMIT) },
  );
}
