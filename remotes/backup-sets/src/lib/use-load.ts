import { inBackground } from '@portal/request';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from './api-result';
import { errorText } from './format';

export type Load<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; data: T };

/**
 * Loads `fetcher(query)` whenever the query changes or `refresh` is called; with `pollMs` it
 * reloads on that interval while `poll(data)` says so (live job progress without reloading the page),
 * and every `idlePollMs` otherwise.
 * A reload keeps the last data on show; answers to an older query are dropped.
 */
export function useLoad<T, Q>(
  fetcher: (query: Q) => Promise<T | { errorMessage: string }>,
  query: Q,
  options: { pollMs?: number; poll?: (data: T) => boolean; idlePollMs?: number; enabled?: boolean } = {},
) {
  const [load, setLoad] = useState<Load<T>>({ state: 'loading' });
  const [tick, setTick] = useState(0);
  const refresh = useCallback(() => setTick((n) => n + 1), []);
  const key = JSON.stringify(query ?? null);
  const queryRef = useRef(query);
  queryRef.current = query;
  const fetcherRef = useRef(fetcher);
  fetcherRef.current = fetcher;
  const enabled = options.enabled ?? true;
  const lastKey = useRef<string | null>(null);
  // Set by the poll timer for the reload it triggers: polls stay off the global loading bar.
  const polling = useRef(false);

  useEffect(() => {
    if (!enabled) return undefined;
    let current = true;
    // A new query shows the loading state; a refresh or poll of the same query keeps the data.
    if (lastKey.current !== key) setLoad({ state: 'loading' });
    lastKey.current = key;
    // Through a promise chain so a fetcher that throws synchronously still ends in the error state.
    Promise.resolve()
      .then(() => {
        const fetch = () => fetcherRef.current(queryRef.current);
        const quiet = polling.current;
        polling.current = false;
        return quiet ? inBackground(fetch) : fetch();
      })
      .then((result) => {
        if (!current) return;
        if (isApiError(result)) setLoad({ state: 'error', message: result.errorMessage });
        else setLoad({ state: 'ready', data: result as T });
      })
      .catch((error) => current && setLoad({ state: 'error', message: errorText(error) }));
    return () => {
      current = false;
    };
  }, [key, tick, enabled]);

  const { pollMs, poll, idlePollMs } = options;
  const data = load.state === 'ready' ? load.data : null;
  // Busy data (poll says so) is reloaded every pollMs, other data every idlePollMs if given.
  const busy = data !== null && (poll ? poll(data) : true);
  const delay = data === null || !enabled ? undefined : busy ? pollMs : idlePollMs;
  useEffect(() => {
    if (!delay) return undefined;
    const timer = setTimeout(() => {
      polling.current = true;
      refresh();
    }, delay);
    return () => clearTimeout(timer);
  }, [delay, refresh, data]);

  return { load, data, refresh };
}
