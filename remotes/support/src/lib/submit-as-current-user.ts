import { SNACKBAR_AUTO_HIDE_MS } from '@portal/config';
import { errorMessageOf, useCallMutation } from '@portal/data';
import type { ErrorResult } from '@portal/request';
import { openSnackbar, showAlert } from '@portal/ui';
import { currentUserId } from './current-user-id';

/**
 * A form sent as the signed-in user (spec section 8): an ended session, an `errorMessage` answer or a
 * thrown error is shown as an error alert; success shows `successMessage` in a snackbar, then calls
 * `onSuccess`. The returned submit resolves when the call is over, so the form stays busy until then.
 */
export function useSubmitAsCurrentUser<V, R>(send: (userId: string, values: V) => Promise<R | ErrorResult>, successMessage: string, onSuccess: (result: R) => void) {
  const submit = useCallMutation(
    (values: V) => {
      const userId = currentUserId();
      if (!userId) throw new Error('Your session has ended. Please sign in again.');
      return send(userId, values);
    },
    {
      onSuccess: (result) => {
        openSnackbar({ message: successMessage, variant: 'alert', alert: { color: 'success', variant: 'filled' }, autoHideDuration: SNACKBAR_AUTO_HIDE_MS });
        onSuccess(result);
      },
      onError: (error) => showAlert({ message: errorMessageOf(error), type: 'error' }),
    },
  );
  return (values: V) => submit.mutateAsync(values).catch(() => undefined);
}
