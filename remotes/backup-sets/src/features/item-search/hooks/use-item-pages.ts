import type { ItemPage, ItemSearchParams, ItemSummary } from '@portal/contracts';
import { searchItems } from '@portal/contracts/calls';
import { backupEndpoints } from '@portal/contracts/endpoints/backup';
import { callQuery, useCallQuery, usePortalQueryClient } from '@portal/data';
import { useCallback, useMemo, useState } from 'react';

/** Rows fetched per request while scrolling: big enough to keep up, small enough to answer fast. */
export const ITEM_CHUNK = 200;

type Search = Omit<ItemSearchParams, 'page' | 'pageSize'>;
const chunkArgs = (setId: string, query: Search, chunk: number): [string, ItemSearchParams] => [setId, { ...query, page: chunk + 1, pageSize: ITEM_CHUNK }];

/**
 * Search results as a sparse list for a virtualised view: the first chunk (a query: loading, error,
 * Retry) gives the total, later chunks are fetched only when the rows they hold scroll into view, so
 * 100,000 matches cost a few requests. A new query starts with no rows; answers to an old one land
 * in the old query's rows and are not shown.
 */
export function useItemPages(setId: string, query: Search) {
  const client = usePortalQueryClient();
  const key = JSON.stringify([setId, query]);
  // The rows after the first chunk, by chunk, for this search only (the caller's query object is new
  // each render; the search changes with its key).
  // eslint-disable-next-line react-hooks/exhaustive-deps -- see above
  const search = useMemo(() => ({ setId, query, chunks: new Map<number, ItemSummary[]>() }), [key]);
  const first = useCallQuery(backupEndpoints.searchItems, searchItems, chunkArgs(search.setId, search.query, 0));
  const [version, setVersion] = useState(0);

  /** Makes sure the rows start..end are loaded (or loading). */
  const ensure = useCallback(
    (start: number, end: number) => {
      for (let chunk = Math.max(1, Math.floor(start / ITEM_CHUNK)); chunk <= Math.floor(end / ITEM_CHUNK); chunk += 1) {
        if (search.chunks.has(chunk)) continue;
        // The cache shares a chunk already on its way; a chunk that fails is asked again when it next scrolls into view.
        client.fetchQuery(callQuery(backupEndpoints.searchItems, searchItems, chunkArgs(search.setId, search.query, chunk))).then(
          (page: ItemPage) => {
            search.chunks.set(chunk, page.items);
            setVersion((v) => v + 1);
          },
          () => undefined,
        );
      }
    },
    [client, search],
  );
  const firstRows = first.data?.items;
  const row = useCallback(
    (index: number): ItemSummary | undefined => {
      const chunk = Math.floor(index / ITEM_CHUNK);
      return (chunk === 0 ? firstRows : search.chunks.get(chunk))?.[index % ITEM_CHUNK];
    },
    [firstRows, search],
  );
  /** Every row loaded so far (what "select all loaded" selects). */
  const loaded = useCallback((): ItemSummary[] => [...(firstRows ?? []), ...[...search.chunks.values()].flat()], [firstRows, search]);

  return { first, version, row, ensure, loaded };
}
