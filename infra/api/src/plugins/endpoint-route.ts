import {
  acceptsApiKeys,
  isRawResponse,
  type BodyOf,
  type EndpointDescriptor,
  type ParamsOf,
  type QueryOf,
  type ResponseOf,
} from '@portal/contracts/endpoint';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestAsyncHookHandler, preHandlerAsyncHookHandler, RouteOptions } from 'fastify';
import type { AuthContext } from '../services/identity-service';
import { requireOwnUserId, requireRole } from './auth';

/** The checks behind each kind of access, made once by the API plugin (see api-plugin.ts). */
export interface EndpointGuards {
  /** A full session (MFA done). */
  session: preHandlerAsyncHookHandler;
  /** A session whose second factor may still be pending (the MFA routes). */
  mfaPending: preHandlerAsyncHookHandler;
  /** Prometheus's METRICS_TOKEN, or an ADMIN session. */
  scrape: preHandlerAsyncHookHandler;
  /** An organisation's API key, on the routes whose access says `apiKey` (plugins/api-key-guard.ts). */
  apiKey: onRequestAsyncHookHandler;
}

declare module 'fastify' {
  interface FastifyInstance {
    endpointGuards: EndpointGuards;
  }
  interface FastifyContextConfig {
    /** The descriptor a route was registered from (every API route has one; see api-plugin.ts). */
    endpoint?: EndpointDescriptor;
  }
}

type AuthOf<E extends EndpointDescriptor> = E['access'] extends { kind: 'session' } ? AuthContext : AuthContext | null;

/** What a handler gets: the parsed request parts, typed from the descriptor's schemas. */
export interface EndpointContext<E extends EndpointDescriptor> {
  request: FastifyRequest;
  reply: FastifyReply;
  /** The verified caller (from the token, never from a header or body the client chose). */
  auth: AuthOf<E>;
  params: ParamsOf<E>;
  query: QueryOf<E>;
  body: BodyOf<E>;
}

/** Returns the success body (sent with the descriptor's status), or the reply it has sent itself. */
export type EndpointHandler<E extends EndpointDescriptor> = (context: EndpointContext<E>) => Promise<ResponseOf<E> | FastifyReply>;

export interface EndpointRouteOptions {
  /** Route config, e.g. a rate limit (`limitConfig(...)`). */
  config?: Record<string, unknown>;
  bodyLimit?: number;
  /** Checks after the access guard (a per-route attempt limit, say). */
  preHandler?: preHandlerAsyncHookHandler[];
  /** Check access before the body is validated (an anonymous caller learns nothing of the schema). Default: after. */
  guardBeforeValidation?: boolean;
}

function guardsOf(guards: EndpointGuards, access: EndpointDescriptor['access']): preHandlerAsyncHookHandler[] {
  switch (access.kind) {
    case 'public':
      return [];
    case 'scrape':
      return [guards.scrape];
    case 'session': {
      const session = access.mfaPending ? guards.mfaPending : guards.session;
      return [session, ...(access.roles ? [requireRole(...access.roles)] : []), ...(access.self ? [requireOwnUserId(access.self)] : [])];
    }
  }
}

/** Registers the route that a descriptor describes: path, method, schemas and access come from it. */
export function registerEndpoint<E extends EndpointDescriptor>(
  app: FastifyInstance,
  endpoint: E,
  handler: EndpointHandler<E>,
  options: EndpointRouteOptions = {},
): void {
  const { status, schema: response } = endpoint.response;
  const guards = guardsOf(app.endpointGuards, endpoint.access);
  const checks = [...(options.guardBeforeValidation ? [] : guards), ...(options.preHandler ?? [])];
  const route: RouteOptions = {
    method: endpoint.method,
    url: endpoint.path,
    schema: {
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(isRawResponse(response) ? {} : { response: { [status]: response } }),
    },
    config: { ...options.config, endpoint },
    ...(acceptsApiKeys(endpoint.access) ? { onRequest: [app.endpointGuards.apiKey] } : {}),
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    ...(options.guardBeforeValidation && guards.length ? { preValidation: guards } : {}),
    ...(checks.length ? { preHandler: checks } : {}),
    handler: async (request, reply) => {
      reply.code(status);
      return handler({
        request,
        reply,
        auth: request.auth as AuthOf<E>,
        params: request.params as ParamsOf<E>,
        query: request.query as QueryOf<E>,
        body: request.body as BodyOf<E>,
      });
    },
  };
  app.route(route);
}
