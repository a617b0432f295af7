import { useState } from 'react';

/**
 * True from the first render where `value` is true, for good: code that loads on first use (a menu,
 * a panel) stays mounted afterwards, so its closing transition and its state survive.
 */
export function useLatch(value: boolean): boolean {
  const [latched, setLatched] = useState(value);
  if (value && !latched) setLatched(true);
  return latched || value;
}
