import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * List state (search, filters, sort, page) kept in the URL query string, so a list can be shared,
 * bookmarked and restored with Back. Defaults are left out of the URL.
 */
export function useListParams<K extends string>(defaults: Record<K, string>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const values = useMemo(() => {
    const out = { ...defaults };
    for (const key of Object.keys(defaults) as K[]) {
      const value = searchParams.get(key);
      if (value !== null) out[key] = value;
    }
    return out;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- defaults is a new object each render; the values change only with the query string
  }, [searchParams]);

  const update = useCallback(
    (changes: Partial<Record<K, string>>, options: { keepPage?: boolean } = {}) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes) as [K, string | undefined][]) {
            if (value === undefined || value === '' || value === defaults[key]) next.delete(key);
            else next.set(key, value);
          }
          // Any change of what is listed starts again at the first page.
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
