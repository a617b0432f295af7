import { API_KEY_MESSAGES, type Role } from '@portal/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { looksLikeApiKey } from '../identity/api-key-secret';
import { tokenMatches } from '../metrics/metrics-options';
import { forbidden, HttpError, notFound, unauthorized } from '../services/errors';
import { authenticate, type AuthContext, type AuthDeps } from '../services/identity-service';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the auth preHandler on protected routes; taken from the verified token and session. */
    auth: AuthContext | null;
  }
}

/** The token of an `Authorization: Bearer …` header (sessions, and the metrics scrape token). */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}

export function createAuthPreHandler(deps: AuthDeps, options: { allowMfaPending?: boolean } = {}): preHandlerAsyncHookHandler {
  // The `userid` header the browser sends is deliberately ignored: identity comes from the token.
  return async function authPreHandler(request: FastifyRequest, _reply: FastifyReply) {
    // The read-only guard may already have verified this request's session (a full one, MFA done),
    // or the API key guard this request's key, on a route that takes keys.
    if (request.auth) return;
    const token = bearerToken(request);
    if (looksLikeApiKey(token)) throw new HttpError(403, API_KEY_MESSAGES.notAccepted);
    request.auth = await authenticate(deps, token, options);
  };
}

/** Prometheus presents METRICS_TOKEN; a person needs an ADMIN session like on any other route. */
export function createScrapeGuard(authenticate: preHandlerAsyncHookHandler, token: string | null): preHandlerAsyncHookHandler {
  const adminOnly = requireRole('ADMIN');
  return async function scrapeGuard(this: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
    if (tokenMatches(bearerToken(request), token)) return;
    await authenticate.call(this, request, reply);
    await adminOnly.call(this, request, reply);
  };
}

export function requireRole(...roles: Role[]): preHandlerAsyncHookHandler {
  return async function rolePreHandler(request: FastifyRequest) {
    const auth = requireAuth(request);
    if (!roles.includes(auth.role)) throw forbidden();
  };
}

export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

/** The `userId` in the path or body must be the caller's own; anyone else's looks like it does not exist. */
export function requireOwnUserId(where: 'params' | 'body'): preHandlerAsyncHookHandler {
  return async function ownUserIdPreHandler(request: FastifyRequest) {
    const userId = (request[where] as { userId?: unknown } | undefined)?.userId;
    if (requireAuth(request).userId !== userId) throw notFound();
  };
}
