import type { ItemSearchParams, ItemSummary } from '@portal/contracts';
import { searchItems } from '@portal/contracts/calls';
import { useCallback, useEffect, useRef, useState } from 'react';
import { isApiError } from '../../../lib/api-result';
import { errorText } from '../../../lib/format';

/** Rows fetched per request while scrolling: big enough to keep up, small enough to answer fast. */
export const ITEM_CHUNK = 200;

export type ItemPagesState = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; total: number };

/**
 * Search results as a sparse list for a virtualised view: the first chunk gives the total, later
 * chunks are fetched only when the rows they hold scroll into view, so 100,000 matches cost a few
 * requests. A new query drops every chunk; answers to an old query are ignored.
 */
export function useItemPages(setId: string, query: Omit<ItemSearchParams, 'page' | 'pageSize'>) {
  const key = JSON.stringify([setId, query]);
  const [status, setStatus] = useState<ItemPagesState>({ state: 'loading' });
  const [version, setVersion] = useState(0);
  const chunks = useRef(new Map<number, ItemSummary[]>());
  const pending = useRef(new Set<number>());
  const generation = useRef(0);
  const queryRef = useRef(query);
  queryRef.current = query;

  const fetchChunk = useCallback(
    async (chunk: number) => {
      if (chunks.current.has(chunk) || pending.current.has(chunk)) return;
      const gen = generation.current;
      pending.current.add(chunk);
      try {
        const result = await searchItems(setId, { ...queryRef.current, page: chunk + 1, pageSize: ITEM_CHUNK });
        if (gen !== generation.current) return;
        if (isApiError(result)) {
          if (chunk === 0) setStatus({ state: 'error', message: result.errorMessage });
          return;
        }
        chunks.current.set(chunk, result.items);
        if (chunk === 0) setStatus({ state: 'ready', total: result.total });
        setVersion((v) => v + 1);
      } catch (error) {
        if (gen === generation.current && chunk === 0) setStatus({ state: 'error', message: errorText(error) });
      } finally {
        if (gen === generation.current) pending.current.delete(chunk);
      }
    },
    [setId],
  );

  const reload = useCallback(() => {
    generation.current += 1;
    chunks.current = new Map();
    pending.current = new Set();
    setStatus({ state: 'loading' });
    setVersion((v) => v + 1);
    void fetchChunk(0);
  }, [fetchChunk]);

  // eslint-disable-next-line react-hooks/exhaustive-deps -- the search starts again when the query (key) changes, not on every new reload function
  useEffect(reload, [key]);

  /** Makes sure the rows start..end are loaded (or loading). */
  const ensure = useCallback(
    (start: number, end: number) => {
      for (let chunk = Math.floor(start / ITEM_CHUNK); chunk <= Math.floor(end / ITEM_CHUNK); chunk += 1) void fetchChunk(chunk);
    },
    [fetchChunk],
  );
  const row = useCallback((index: number): ItemSummary | undefined => chunks.current.get(Math.floor(index / ITEM_CHUNK))?.[index % ITEM_CHUNK], []);
  /** Every row loaded so far (what "select all loaded" selects). */
  const loaded = useCallback((): ItemSummary[] => [...chunks.current.values()].flat(), []);

  return { status, version, row, ensure, loaded, reload };
}
