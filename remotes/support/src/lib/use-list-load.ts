import { useCallback, useEffect, useMemo, useState } from 'react';
import { PAGE_SIZE_DEFAULT } from '@portal/contracts';
import { errorText } from './format';

export type ListLoad<P> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; page: P };

/**
 * Loads one page of a list with `list(query)` whenever the query changes or `refresh` is called.
 * A reload keeps the page on show until the new one arrives; answers that come too late are dropped.
 */
export function useListLoad<P, Q>(list: (query: Q) => Promise<object>, query: Q) {
  const [load, setLoad] = useState<ListLoad<P>>({ state: 'loading' });
  const [reloads, setReloads] = useState(0);
  const refresh = useCallback(() => setReloads((n) => n + 1), []);
  const key = JSON.stringify(query);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the query object is new each render; it counts as changed only when its content (key) does
  const stableQuery = useMemo(() => query, [key]);

  useEffect(() => {
    let current = true;
    setLoad((previous) => (previous.state === 'ready' ? previous : { state: 'loading' }));
    list(stableQuery)
      .then((result) => {
        if (!current) return;
        if ('errorMessage' in result && result.errorMessage !== undefined) setLoad({ state: 'error', message: String(result.errorMessage) });
        else setLoad({ state: 'ready', page: result as P });
      })
      .catch((error) => current && setLoad({ state: 'error', message: errorText(error) }));
    return () => {
      current = false;
    };
  }, [list, stableQuery, reloads]);

  return { load, refresh };
}

/** The query shared by the lists: search text, date range and paging, from their URL parameters. */
export function listQuery(params: { q: string; from: string; to: string; page: string; pageSize: string }) {
  return {
    q: params.q || undefined,
    from: params.from || undefined,
    to: params.to || undefined,
    page: Number(params.page) || 1,
    pageSize: Number(params.pageSize) || PAGE_SIZE_DEFAULT,
  };
}
