import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

export type ParamUpdate<K extends string> = (changes: Partial<Record<K, string>>, options?: { keepPage?: boolean }) => void;

/**
 * Page state (search, filters, sort, page, selection) kept in the URL query string so a link
 * reproduces the view. Values equal to their default are left out of the URL. Every list page of
 * this remote goes through here, so paging, sorting and filtering behave the same everywhere.
 */
export function useUrlParams<K extends string>(defaults: Record<K, string>): readonly [Record<K, string>, ParamUpdate<K>] {
  const [searchParams, setSearchParams] = useSearchParams();
  const key = searchParams.toString();
  const values = useMemo(() => {
    const out = { ...defaults };
    for (const name of Object.keys(defaults) as K[]) {
      const value = searchParams.get(name);
      if (value !== null) out[name] = value;
    }
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- defaults is a new object each render; the values change only with the query string (key)
  }, [key]);

  const update = useCallback<ParamUpdate<K>>(
    (changes, options = {}) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes) as [K, string | undefined][]) {
            if (value === undefined || value === '' || value === defaults[name]) next.delete(name);
            else next.set(name, value);
          }
          // A change of what is listed starts again at the first page.
          if (!options.keepPage && !('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- defaults is a new object each render with the same values; update stays stable for the effects that use it
    [setSearchParams],
  );
  return [values, update] as const;
}

/** Page and page size from URL values, with the list's default size. */
export function pageQuery(values: { page?: string; pageSize?: string }, defaultSize: number) {
  return { page: Math.max(1, Number(values.page) || 1), pageSize: Math.max(1, Number(values.pageSize) || defaultSize) };
}
