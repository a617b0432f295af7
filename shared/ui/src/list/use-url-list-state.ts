import { useCallback, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

export type UpdateListState<K extends string> = (changes: Partial<Record<K, string>>, options?: { keepPage?: boolean }) => void;

/**
 * A list's state (search, filters, sort, page, the open item) kept in the URL query string, so a
 * list can be shared, bookmarked and restored with Back. Defaults are left out of the URL; any
 * change of what is listed starts again at page 1 unless it says otherwise.
 */
export function useUrlListState<K extends string>(defaults: Record<K, string>): readonly [Record<K, string>, UpdateListState<K>] {
  const [searchParams, setSearchParams] = useSearchParams();
  // The caller's defaults are a new object each render with the same values.
  const defaultsRef = useRef(defaults);
  defaultsRef.current = defaults;

  const values = useMemo(() => {
    const out = { ...defaultsRef.current };
    for (const key of Object.keys(out) as K[]) {
      const value = searchParams.get(key);
      if (value !== null) out[key] = value;
    }
    return out;
  }, [searchParams]);

  const update = useCallback<UpdateListState<K>>(
    (changes, options = {}) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes) as [K, string | undefined][]) {
            if (value === undefined || value === '' || value === defaultsRef.current[key]) next.delete(key);
            else next.set(key, value);
          }
          if (!options.keepPage && !('page' in changes)) next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [setSearchParams],
  );

  return [values, update] as const;
}
