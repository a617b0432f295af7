import { request, type ApiResult, type QueryParams } from '@portal/request';
import { endpointUrl, type BodyInputOf, type EndpointDescriptor, type ParamsInputOf, type QueryInputOf, type ReplyOf } from './endpoint';

type Part<Key extends string, T> = [T] extends [never] ? { readonly [K in Key]?: never } : { readonly [K in Key]: T };

/** What a call to endpoint E takes: its path parameters, query and body, each only when E has one. */
export type CallInput<E extends EndpointDescriptor> = Part<'params', ParamsInputOf<E>> &
  Partial<Part<'query', QueryInputOf<E>>> &
  Part<'body', BodyInputOf<E>> & {
    /** Extra headers (`userid` when the body carries no userId, say). */
    readonly headers?: Record<string, string>;
  };

/**
 * The one way the browser calls the API: URL and method from the descriptor, identity headers unless
 * the endpoint is public. Resolves with the success body as the server sends it (its response schema's
 * output, defaults filled in) or `{ errorMessage }` (see @portal/request).
 */
export function callEndpoint<E extends EndpointDescriptor>(endpoint: E, input: CallInput<E> = {} as CallInput<E>): Promise<ApiResult<ReplyOf<E>>> {
  return callRoute<E>(endpoint, input);
}

/**
 * callEndpoint with only the route of descriptor E (named for the types alone, `import type`), so a
 * module on the sign-in page calls the API without loading the schemas (first-page-calls.ts).
 */
export function callRoute<E extends EndpointDescriptor>(endpoint: Pick<E, 'method' | 'path' | 'access'>, input: CallInput<E> = {} as CallInput<E>): Promise<ApiResult<ReplyOf<E>>> {
  const { params, query, body, headers } = input as { params?: Record<string, unknown>; query?: QueryParams; body?: unknown; headers?: Record<string, string> };
  return request<ApiResult<ReplyOf<E>>>({
    method: endpoint.method,
    url: endpointUrl(endpoint, params),
    data: body,
    params: query,
    headers,
    anonymous: endpoint.access.kind === 'public',
  });
}
