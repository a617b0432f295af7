import type { z, ZodType } from 'zod';
import type { Role } from './index';

// An endpoint is written once, here: the API registers its route from the descriptor, the browser's
// typed call builds its URL from it, and the OpenAPI document is generated from it. No HTTP code in
// this module: the API imports it too.

export type EndpointMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call an endpoint. `public`: anyone (the browser sends no identity headers). `session`: a
 * verified session whose second factor is done (`mfaPending` also accepts one whose code is still
 * due; `roles` narrows to those roles, anyone else gets 403; `self` says where a `userId` that must be
 * the caller's own is, anyone else's answers 404 as if it did not exist; `apiKey` also accepts an
 * organisation's API key, which then acts as that organisation's users do, and only on GET when the
 * key is read-only). `scrape`: Prometheus's METRICS_TOKEN, or an ADMIN session.
 */
export type EndpointAccess =
  | { readonly kind: 'public' }
  | {
      readonly kind: 'session';
      readonly roles?: readonly Role[];
      readonly mfaPending?: boolean;
      readonly self?: 'params' | 'body';
      readonly apiKey?: boolean;
    }
  | { readonly kind: 'scrape' };

/** Access rules that several areas use (each area names its own narrower ones). */
export const publicAccess = { kind: 'public' } as const;
export const sessionAccess = { kind: 'session' } as const;
export const adminAccess = { kind: 'session', roles: ['ADMIN'] } as const;

/** The same access, and an organisation's API key too (the one place that says a route takes keys). */
export const withApiKeys = <const A extends { kind: 'session'; roles?: readonly Role[] }>(access: A) => ({ ...access, apiKey: true }) as const;

export const acceptsApiKeys = (access: EndpointAccess): boolean => access.kind === 'session' && access.apiKey === true;

/** A success answer that is not JSON (Prometheus text, an image, a ZIP). */
export interface RawResponse {
  readonly contentType: string;
  readonly description: string;
}

/** 303: a redirect a browser follows (Microsoft's consent redirect lands on one). */
export type SuccessStatus = 200 | 201 | 202 | 303;

export interface EndpointDescriptor {
  readonly method: EndpointMethod;
  /** Relative to the API base (`/backend`), in Fastify's syntax: `/support/tickets/:ticketId`. */
  readonly path: string;
  /** One line for the OpenAPI reference. */
  readonly summary: string;
  /** Rules a caller needs beyond the summary (how figures are counted, say), for the OpenAPI reference. */
  readonly description?: string;
  /** The OpenAPI tag (one per area of the spec). */
  readonly tag: string;
  readonly access: EndpointAccess;
  readonly params?: ZodType;
  readonly query?: ZodType;
  readonly body?: ZodType;
  /**
   * Still answers while maintenance mode refuses changes (signing in and out, MFA, password reset,
   * the browsers' remote reports, availability checks): the guard in the API reads this.
   */
  readonly openInMaintenance?: boolean;
  /**
   * A read-only user may call it although it changes something: it only ever acts on the caller's
   * own account (password, profile, notification settings, sessions). Implied by openInMaintenance.
   */
  readonly openToReadOnly?: boolean;
  /** Exactly one success status: the route answers with it unless the handler says otherwise. */
  readonly response: { readonly status: SuccessStatus; readonly schema: ZodType | RawResponse };
}

/** What a browser needs to call an endpoint: no schemas (see endpoints/first-page-routes.ts). */
export type EndpointRoute = Pick<EndpointDescriptor, 'method' | 'path' | 'access'>;

/** Keeps each descriptor's literal types (path, access, schemas) for the typed call and handler. */
export const defineEndpoints = <const T extends Record<string, EndpointDescriptor>>(endpoints: T): T => endpoints;

export const isRawResponse = (schema: ZodType | RawResponse): schema is RawResponse => 'contentType' in schema && !('_zod' in schema);

type Infer<S, Io extends 'in' | 'out'> = S extends ZodType ? (Io extends 'in' ? z.input<S> : z.output<S>) : never;

/** What the handler receives and the browser sends. */
export type ParamsOf<E extends EndpointDescriptor> = Infer<E['params'], 'out'>;
export type QueryOf<E extends EndpointDescriptor> = Infer<E['query'], 'out'>;
export type BodyOf<E extends EndpointDescriptor> = Infer<E['body'], 'out'>;
export type ParamsInputOf<E extends EndpointDescriptor> = Infer<E['params'], 'in'>;
export type QueryInputOf<E extends EndpointDescriptor> = Infer<E['query'], 'in'>;
export type BodyInputOf<E extends EndpointDescriptor> = Infer<E['body'], 'in'>;
/** The success body: what the handler returns (before serialisation) and the browser receives. */
export type ResponseOf<E extends EndpointDescriptor> = E['response']['schema'] extends ZodType ? z.input<E['response']['schema']> : unknown;
export type ReplyOf<E extends EndpointDescriptor> = E['response']['schema'] extends ZodType ? z.output<E['response']['schema']> : unknown;

const PARAM = /:([A-Za-z_][A-Za-z0-9_]*)/g;

/** The names of a path's `:params`, in order. */
export const pathParamNames = (path: string): string[] => [...path.matchAll(PARAM)].map((m) => m[1]);

/** The path with each `:param` replaced by its value, URL-encoded; relative to the API base, no leading slash. */
export function endpointUrl(endpoint: Pick<EndpointDescriptor, 'path'>, params: Record<string, unknown> = {}): string {
  return endpoint.path.replace(PARAM, (_whole, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') throw new Error(`${endpoint.path}: missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  }).replace(/^\//, '');
}
