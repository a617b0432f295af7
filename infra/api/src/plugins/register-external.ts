import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import Redis from 'ioredis';
import type { ApiPluginOptions } from '../api-plugin';
import { HttpMetrics, useHttpMetrics } from '../metrics/http-metrics';
import { DOCS_PREFIX, docsRoutes } from '../routes/docs-routes';
import { TOO_MANY_ATTEMPTS, type AuthDeps } from '../services/identity-service';
import { HttpError } from '../services/errors';
import { useErrorHandling, useJsonBodyParser } from './error-handling';
import { useMaintenanceGuard } from './maintenance-guard';
import { useReadOnlyGuard } from './read-only-guard';
import { requireEndpointDescriptors } from './require-descriptors';
import { useZodCompilers } from './zod-compilers';

/**
 * The API plugin's first stage: what every route relies on and nothing of ours decides. The rule that
 * every route comes from a descriptor, zod validation and serialisation, the JSON parser, error and
 * not-found answers, HTTP metrics, the maintenance and read-only guards, rate limits (in Redis when
 * several API processes share them) and the OpenAPI reference. Returns the HTTP counters.
 */
export async function registerExternal(app: FastifyInstance, options: ApiPluginOptions, auth: AuthDeps): Promise<HttpMetrics> {
  requireEndpointDescriptors(app, { exceptUnder: `${app.prefix}${DOCS_PREFIX}` });
  useZodCompilers(app);
  useJsonBodyParser(app);
  useErrorHandling(app);
  const http = new HttpMetrics();
  useHttpMetrics(app, http);
  useMaintenanceGuard(app, auth);
  useReadOnlyGuard(app, auth);
  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).send({ errorMessage: 'Not found' });
  });
  if (!app.hasRequestDecorator('auth')) app.decorateRequest('auth', null);

  let redis: Redis | undefined;
  if (options.redisUrl) {
    // Fail fast instead of queueing requests while Redis is unreachable: the call answers 500.
    redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: true });
    redis.on('error', (error) => app.log.warn({ err: error }, 'redis error'));
    await redis.connect();
    app.addHook('onClose', async () => {
      await redis?.quit().catch(() => undefined);
    });
  }
  await app.register(rateLimit, {
    global: false,
    ...(redis ? { redis, nameSpace: options.rateLimitNamespace ?? 'portal-rl:' } : {}),
    errorResponseBuilder: () => new HttpError(429, TOO_MANY_ATTEMPTS),
  });

  await docsRoutes(app, { version: options.version });
  return http;
}
