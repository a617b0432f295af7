import type { EndpointRoute } from '@portal/contracts/endpoint';
import type { ErrorResult } from '@portal/request';
import { inBackground, unwrap } from '@portal/request';
import { queryOptions, useMutation, useQuery, type UseMutationOptions, type UseQueryOptions } from '@tanstack/react-query';
import { usePortalQueryClient } from './query-client';

// The pages' queries go through the typed calls of @portal/contracts/calls (each built from its
// descriptor), so a component test can still replace a call; the cache key and invalidation come
// from the descriptor's method and path (a route without schemas will do: see first-page-routes.ts).

/** Every cached answer of an endpoint starts with this key (the call's arguments follow). */
export const endpointKeyPrefix = (endpoint: EndpointRoute) => ['api', endpoint.method, endpoint.path] as const;

export interface EndpointQueryExtras {
  /**
   * Reloads of data already on screen (polls, refreshes after a change) stay off the global loading
   * bar; the first load still shows it.
   */
  quietRefetch?: boolean;
}

type Call<A extends unknown[], R> = (...args: A) => Promise<R | ErrorResult>;

/** Query options for `call(...args)`, cached under the endpoint's key. */
export function callQuery<A extends unknown[], R>(endpoint: EndpointRoute, call: Call<A, R>, args: A, extras: EndpointQueryExtras = {}) {
  const queryKey: readonly unknown[] = [...endpointKeyPrefix(endpoint), ...args];
  return queryOptions({
    queryKey,
    queryFn: async ({ client }): Promise<R> => {
      const quiet = extras.quietRefetch && client.getQueryData(queryKey) !== undefined;
      return unwrap(await (quiet ? inBackground(() => call(...args)) : call(...args)));
    },
  });
}

type CallQueryOptions<R> = EndpointQueryExtras & Omit<UseQueryOptions<R, Error, R, readonly unknown[]>, 'queryKey' | 'queryFn'>;

/** Loads `call(...args)`; `error` is an ApiError carrying the server's message. */
export function useCallQuery<A extends unknown[], R>(endpoint: EndpointRoute, call: Call<A, R>, args: A, options: CallQueryOptions<R> = {}) {
  const { quietRefetch, ...rest } = options;
  return useQuery({ ...callQuery(endpoint, call, args, { quietRefetch }), ...rest }, usePortalQueryClient());
}

type CallMutationOptions<V, R> = Omit<UseMutationOptions<R, Error, V>, 'mutationFn'> & {
  /** Endpoints whose cached answers are stale once this succeeds (reloaded if on screen). */
  invalidates?: readonly EndpointRoute[];
};

/** A change through a typed call: `mutate(variables)` runs `run(variables)`; the listed endpoints reload on success. */
export function useCallMutation<V, R>(run: (variables: V) => Promise<R | ErrorResult>, options: CallMutationOptions<V, R> = {}) {
  const client = usePortalQueryClient();
  const { invalidates = [], onSuccess, ...rest } = options;
  return useMutation(
    {
      mutationFn: async (variables: V) => unwrap(await run(variables)),
      onSuccess: async (...args) => {
        await Promise.all(invalidates.map((stale) => client.invalidateQueries({ queryKey: endpointKeyPrefix(stale) })));
        await onSuccess?.(...args);
      },
      ...rest,
    },
    client,
  );
}
