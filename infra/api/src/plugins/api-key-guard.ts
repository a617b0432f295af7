import type { FastifyReply, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { looksLikeApiKey } from '../identity/api-key-secret';
import { authenticateApiKey, RateLimited, type ApiKeyDeps } from '../services/api-key-service';
import { bearerToken } from './auth';
import { MUTATING } from './maintenance-guard';

/**
 * On the routes whose descriptor accepts API keys: a bearer token that is a key is checked, counted
 * and audited here, before validation (so a read-only key hears why, not a form error), and becomes
 * the request's verified caller; the route's session guard then takes it as it is. Anything else
 * goes on to that guard unchanged.
 */
export function createApiKeyGuard(deps: ApiKeyDeps): onRequestAsyncHookHandler {
  return async function apiKeyGuard(request: FastifyRequest, reply: FastifyReply) {
    const token = bearerToken(request);
    if (!token || !looksLikeApiKey(token)) return;
    try {
      request.auth = await authenticateApiKey(deps, token, {
        method: request.method,
        // The descriptor's path: the same for every API base path, and never an id or a query string.
        route: request.routeOptions.config.endpoint?.path ?? '',
        ip: request.ip ?? null,
        mutating: MUTATING.has(request.method),
        log: request.log,
      });
    } catch (error) {
      if (error instanceof RateLimited) reply.header('retry-after', String(error.retryAfterSeconds));
      throw error;
    }
  };
}
