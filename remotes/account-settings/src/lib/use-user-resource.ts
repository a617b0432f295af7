import { useCallback, useEffect, useState } from 'react';
import { errorOf, messageOf } from './api-result';
import { currentUserId } from './current-user';

/**
 * Loads one per-user resource for a page: the signed-in user's id, the data once loaded, and a
 * problem text (server errorMessage or exception) that the page shows with a Retry button.
 */
export function useUserResource<T>(fetch: (userId: string) => Promise<unknown>) {
  const userId = currentUserId();
  const [data, setData] = useState<T | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const load = useCallback(async () => {
    if (!userId) {
      setProblem('No signed-in user');
      return;
    }
    setProblem(null);
    try {
      const result = await fetch(userId);
      const error = errorOf(result);
      if (error) setProblem(error);
      else setData(result as T);
    } catch (error) {
      setProblem(messageOf(error));
    }
  }, [userId, fetch]);

  useEffect(() => {
    void load();
  }, [load]);

  return { userId, data, setData, problem, load };
}
