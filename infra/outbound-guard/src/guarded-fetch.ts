import { Agent, fetch as undiciFetch } from 'undici';
import { isOutboundRefusal, type EndpointRole, type OutboundPolicy } from './outbound-policy';

export type GuardedFetch = (input: string, init?: RequestInit) => Promise<Response>;

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 5;
/** A redirect body up to this size is read to its end; a larger or unsized one is cancelled. */
const DRAIN_LIMIT = 64 * 1024;

/**
 * Ends a redirect's body. Graph's download redirects are empty: reading them ends at once, where a
 * cancel aborts the fetch (a DOMException with its stack trace for every file downloaded).
 */
async function discardBody(response: Response): Promise<void> {
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  if (length <= DRAIN_LIMIT) await response.arrayBuffer();
  else await response.body?.cancel();
}

/**
 * fetch that only reaches what the policy allows. The name is checked before the request, each
 * address when the socket connects (the policy's lookup), and redirects are followed here, hop by
 * hop, so a redirect cannot lead anywhere the first URL could not; the bearer token is not carried
 * to another origin.
 */
export function createGuardedFetch(policy: OutboundPolicy, role: EndpointRole = 'any'): GuardedFetch {
  const dispatcher = new Agent({ connect: { lookup: policy.lookup as never } });
  return async (input, init = {}) => {
    let url = new URL(input);
    let method = (init.method ?? 'GET').toUpperCase();
    let body = init.body;
    const headers = new Headers(init.headers);
    for (let hop = 0; ; hop++) {
      policy.assertAllowed(url, role);
      let response: Response;
      try {
        response = (await undiciFetch(url, { ...(init as object), method, body: body as never, headers, redirect: 'manual', dispatcher })) as unknown as Response;
      } catch (error) {
        const cause = (error as { cause?: unknown }).cause;
        throw isOutboundRefusal(cause) ? cause : error;
      }
      const location = response.headers.get('location');
      if (!REDIRECTS.has(response.status) || !location) return response;
      await discardBody(response);
      if (hop >= MAX_REDIRECTS) throw new Error(`${url.host} redirected more than ${MAX_REDIRECTS} times`);
      const next = new URL(location, url);
      if (next.origin !== url.origin) headers.delete('authorization');
      if (response.status === 303 || ((response.status === 301 || response.status === 302) && method === 'POST')) {
        method = 'GET';
        body = undefined;
        headers.delete('content-type');
      }
      url = next;
    }
  };
}
