import { authStore } from '@portal/auth-bridge';
import { QueryClient, QueryClientContext } from '@tanstack/react-query';
import { useContext } from 'react';

/**
 * The page's one query cache. @portal/data is a Module Federation singleton, so host and remotes
 * share this client (and its cache) even where no provider wraps a remote's tree (a remote's own
 * dev bootstrap, a component test).
 */
export const portalQueryClient = new QueryClient({
  defaultOptions: {
    // The wrapper already turned every failure into a message; a retry would repeat a refused
    // write or a 403, and would hold an error on screen for seconds.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

// One user's answers must never be shown to the next one on this tab: a sign-out, or a 401 that
// ends the session, empties the cache. So does a sign-in as someone else.
authStore.subscribe((state, previous) => {
  if (state.user?.userId !== previous.user?.userId) portalQueryClient.clear();
});

/** The client of the nearest QueryClientProvider, else the page's shared one. */
export const usePortalQueryClient = (): QueryClient => useContext(QueryClientContext) ?? portalQueryClient;
