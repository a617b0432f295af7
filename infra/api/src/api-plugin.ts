import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { Db } from './db/database';
import { createAuthPreHandler } from './plugins/auth';
import { useErrorHandling, useJsonBodyParser } from './plugins/error-handling';
import { useZodCompilers } from './plugins/zod-compilers';
import { authRoutes } from './routes/auth-routes';
import { healthRoutes } from './routes/health-routes';
import { platformRoutes } from './routes/platform-routes';
import { profileRoutes } from './routes/profile-routes';
import type { RouteDeps } from './routes/route-deps';
import { HttpError } from './services/errors';

export interface ApiPluginOptions {
  /** An open, migrated database (see openDatabase + migrate, or setupApi). */
  db: Db;
  /** HS256 signing secret, at least 32 characters. */
  jwtSecret: string;
  /** Reported by api/health. */
  version: string;
  /** Process start, for the uptime in api/health. Defaults to plugin registration time. */
  startedAt?: Date;
  /** Per-IP limit on api/signin; false turns it off. Default 20 per minute. */
  signinRateLimit?: { max: number; timeWindow: number | string } | false;
}

/**
 * The API routes, registered without a base path: mount it with `{ prefix: '/backend' }`.
 * Encapsulated on purpose: the zod compilers, JSON parser, error and not-found handlers apply
 * to the API's routes only, not to the portal server's static files.
 */
export const apiPlugin: FastifyPluginAsync<ApiPluginOptions> = async (app: FastifyInstance, options) => {
  if (!options.db) throw new Error('apiPlugin needs a db');
  if (!options.jwtSecret || options.jwtSecret.length < 32) throw new Error('apiPlugin needs a jwtSecret of at least 32 characters');

  useZodCompilers(app);
  useJsonBodyParser(app);
  useErrorHandling(app);
  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).send({ errorMessage: 'Not found' });
  });

  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: () => new HttpError(429, 'Too many attempts, please try again later'),
  });

  if (!app.hasRequestDecorator('auth')) app.decorateRequest('auth', null);

  const deps: RouteDeps = {
    db: options.db,
    jwtSecret: options.jwtSecret,
    version: options.version,
    startedAt: options.startedAt ?? new Date(),
    authenticate: createAuthPreHandler(options.db, options.jwtSecret),
    signinRateLimit: options.signinRateLimit === undefined ? { max: 20, timeWindow: '1 minute' } : options.signinRateLimit,
  };

  await authRoutes(app, deps);
  await platformRoutes(app, deps);
  await profileRoutes(app, deps);
  await healthRoutes(app, deps);
};
