import { healthSchema, type Health } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { requireRole } from '../plugins/auth';
import { listCurrentRemotes } from '../repositories/registry-repository';
import type { RouteDeps } from './route-deps';

export async function healthRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  app.get(
    '/api/health',
    { schema: { response: { 200: healthSchema } }, preHandler: [deps.authenticate, requireRole('ADMIN')] },
    async (request): Promise<Health> => {
      let databaseUp = true;
      let latencyMs: number | null = null;
      const started = process.hrtime.bigint();
      try {
        await deps.db.query('select 1');
        latencyMs = Math.round(Number(process.hrtime.bigint() - started) / 10_000) / 100;
      } catch (error) {
        databaseUp = false;
        request.log.warn({ err: error }, 'health: database check failed');
      }
      const remotes = databaseUp ? await listCurrentRemotes(deps.db).catch(() => []) : [];
      return {
        status: databaseUp ? 'ok' : 'degraded',
        checkedAt: new Date().toISOString(),
        api: {
          status: 'ok',
          version: deps.version,
          uptimeSeconds: Math.max(0, Math.floor((Date.now() - deps.startedAt.getTime()) / 1000)),
        },
        database: { status: databaseUp ? 'ok' : 'down', driver: deps.db.driver, latencyMs },
        remotes: remotes.map(({ name, version, publishedAt }) => ({ name, version, publishedAt })),
      };
    },
  );
}
