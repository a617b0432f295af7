import { useCallback, useState } from 'react';

/** A set of selected ids with toggle, add-many and clear. */
export function useSelection() {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggle = useCallback((id: string) => setSelected((s) => {
    const next = new Set(s);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  }), []);
  const addMany = useCallback((ids: string[]) => setSelected((s) => new Set([...s, ...ids])), []);
  const clear = useCallback(() => setSelected(new Set()), []);
  return { selected, toggle, addMany, clear };
}
