import type { CallInput } from '@portal/contracts/call-endpoint';
import { callEndpoint } from '@portal/contracts/call-endpoint';
import type { EndpointDescriptor, ReplyOf } from '@portal/contracts/endpoint';
import { inBackground } from '@portal/request';
import { queryOptions, useMutation, useQuery, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query';
import { unwrap } from './api-error';
import { usePortalQueryClient } from './query-client';

// Queries and mutations are derived from the endpoint descriptors: the key, the URL and the answer's
// type come from the descriptor, so no page writes a URL or checks `errorMessage` itself.

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

type MutationExtras<E extends EndpointDescriptor> = Omit<UseMutationOptions<ReplyOf<E>, Error, CallInput<E>>, 'mutationFn'> & {
  /** Endpoints whose cached answers are stale once this succeeds (reloaded if on screen). */
  invalidates?: readonly EndpointDescriptor[];
};

/** Calls an endpoint that changes something; on success the listed endpoints' answers are reloaded. */
export function useEndpointMutation<E extends EndpointDescriptor>(endpoint: E, options: MutationExtras<E> = {}) {
  const client = usePortalQueryClient();
  const { invalidates = [], onSuccess, ...rest } = options;
  return useMutation(
    {
      mutationFn: async (input: CallInput<E>) => unwrap(await callEndpoint(endpoint, input)),
      onSuccess: async (...args) => {
        await Promise.all(invalidates.map((stale) => client.invalidateQueries({ queryKey: endpointKeyPrefix(stale) })));
        await onSuccess?.(...args);
      },
      ...rest,
    },
    client,
  );
}
