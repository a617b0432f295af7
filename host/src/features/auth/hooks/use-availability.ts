import { unwrap } from '@portal/data';
import type { AvailabilityResponse } from '@portal/contracts';
import type { ApiResult } from '@portal/request';
import { useDebouncedValue } from '@portal/ui';
import { useEffect, useState } from 'react';
import type { ZodType } from 'zod';

export type AvailabilityStatus = 'idle' | 'checking' | 'available' | 'taken' | 'unknown';

/**
 * Asks the server whether `value` is free once the user has stopped typing for DEBOUNCE_MS (166 ms).
 * Values the field schema rejects are never sent (the server would only answer 400), and an answer
 * that arrives after the value changed again is dropped.
 */
export function useAvailability(
  value: string,
  fieldSchema: ZodType,
  check: (value: string) => Promise<ApiResult<AvailabilityResponse>>,
): AvailabilityStatus {
  const debounced = useDebouncedValue(value.trim());
  const [result, setResult] = useState<{ value: string; status: AvailabilityStatus }>({ value: '', status: 'idle' });
  const isCheckable = debounced !== '' && fieldSchema.safeParse(debounced).success;

  useEffect(() => {
    if (!isCheckable) return;
    let current = true;
    setResult({ value: debounced, status: 'checking' });
    check(debounced)
      .then((res) => {
        if (!current) return;
        setResult({ value: debounced, status: unwrap(res).available ? 'available' : 'taken' });
      })
      .catch(() => {
        if (current) setResult({ value: debounced, status: 'unknown' });
      });
    return () => {
      current = false;
    };
  }, [debounced, isCheckable, check]);

  // While typing (value ahead of the debounced one) or for an unsendable value, show nothing stale.
  if (!isCheckable || value.trim() !== debounced || result.value !== debounced) return 'idle';
  return result.status;
}
