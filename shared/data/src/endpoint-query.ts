import type { CallInput } from '@portal/contracts/call-endpoint';
import { callEndpoint } from '@portal/contracts/call-endpoint';
import type { EndpointDescriptor, ReplyOf } from '@portal/contracts/endpoint';
import { inBackground } from '@portal/request';
import { queryOptions, useQuery, type UseQueryOptions } from '@tanstack/react-query';
import { useCallMutation } from './call-query';
import { endpointKey, type EndpointQueryExtras } from './keys';
import { unwrap } from './api-error';
import { usePortalQueryClient } from './query-client';

// Queries and mutations are derived from the endpoint descriptors: the key, the URL and the answer's
// type come from the descriptor, so no page writes a URL or checks `errorMessage` itself.

/** The query options of one endpoint call (usable with useQuery, prefetchQuery, ensureQueryData). */
export function endpointQuery<E extends EndpointDescriptor>(endpoint: E, input: CallInput<E> = {} as CallInput<E>, extras: EndpointQueryExtras = {}) {
  const queryKey = endpointKey(endpoint, input);
  return queryOptions({
    queryKey,
    queryFn: async ({ client }): Promise<ReplyOf<E>> => {
      const call = () => callEndpoint(endpoint, input);
      const quiet = extras.quietRefetch && client.getQueryData(queryKey) !== undefined;
      return unwrap(await (quiet ? inBackground(call) : call()));
    },
  });
}

type QueryExtras<E extends EndpointDescriptor> = EndpointQueryExtras &
  Omit<UseQueryOptions<ReplyOf<E>, Error, ReplyOf<E>, ReturnType<typeof endpointKey<E>>>, 'queryKey' | 'queryFn'>;

/** Loads an endpoint's answer; `error` is an ApiError carrying the server's message. */
export function useEndpointQuery<E extends EndpointDescriptor>(endpoint: E, input: CallInput<E> = {} as CallInput<E>, options: QueryExtras<E> = {}) {
  const { quietRefetch, ...rest } = options;
  return useQuery({ ...endpointQuery(endpoint, input, { quietRefetch }), ...rest }, usePortalQueryClient());
}

/** Calls an endpoint that changes something; on success the listed endpoints' answers are reloaded. */
export function useEndpointMutation<E extends EndpointDescriptor>(endpoint: E, options: Parameters<typeof useCallMutation<CallInput<E>, ReplyOf<E>>>[1] = {}) {
  return useCallMutation((input: CallInput<E>) => callEndpoint(endpoint, input), options);
}
