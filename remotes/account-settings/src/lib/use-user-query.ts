import type { EndpointDescriptor } from '@portal/contracts/endpoint';
import { callQuery, useCallQuery, usePortalQueryClient } from '@portal/data';
import type { ErrorResult } from '@portal/request';
import { currentUserId } from './current-user';

/**
 * The signed-in user's copy of a per-user resource, `call(userId)` cached under `endpoint`, and
 * `replace`, which shows a change's answer (a save, an upload) as that copy without loading it
 * again. `userId` is '' when nobody is signed in: the query then fails, so no form renders.
 */
export function useUserQuery<R>(endpoint: EndpointDescriptor, call: (userId: string) => Promise<R | ErrorResult>) {
  const userId = currentUserId() ?? '';
  const load = (id: string) => (id ? call(id) : Promise.reject(new Error('No signed-in user')));
  const query = useCallQuery(endpoint, load, [userId]);
  const client = usePortalQueryClient();
  const replace = (next: R) => void client.setQueryData(callQuery(endpoint, load, [userId]).queryKey, next);
  return { userId, query, replace };
}
