import { DEBOUNCE_MS } from '@portal/config';
import { useEffect, useState } from 'react';

/** `value`, once it has stopped changing for `delayMs` (spec section 9 debounce default: 166 ms). */
export function useDebouncedValue<T>(value: T, delayMs: number = DEBOUNCE_MS): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return debounced;
}
