import type { CallInput } from '@portal/contracts/call-endpoint';
import type { EndpointDescriptor } from '@portal/contracts/endpoint';

/** Every cached answer of an endpoint starts with this key; the input's params and query follow. */
export const endpointKeyPrefix = (endpoint: EndpointDescriptor) => ['api', endpoint.method, endpoint.path] as const;

export const endpointKey = <E extends EndpointDescriptor>(endpoint: E, input?: CallInput<E>) =>
  [...endpointKeyPrefix(endpoint), (input as { params?: unknown } | undefined)?.params ?? null, (input as { query?: unknown } | undefined)?.query ?? null] as const;

export interface EndpointQueryExtras {
  /**
   * Reloads of data already on screen (polls, refreshes after a change) stay off the global loading
   * bar; the first load still shows it.
   */
  quietRefetch?: boolean;
}

