import { SNACKBAR_AUTO_HIDE_MS } from '@portal/config';
import { openSnackbar, showAlert } from '@portal/ui';
import { currentUserId } from './current-user-id';
import { errorText } from './format';

/**
 * Sends a form as the signed-in user: an ended session, an `errorMessage` answer or a thrown error is
 * shown as an error alert; success shows `successMessage` in a snackbar, then calls `onSuccess`.
 */
export async function submitAsCurrentUser<R extends object>(send: (userId: string) => Promise<R>, successMessage: string, onSuccess: (result: R) => void) {
  const userId = currentUserId();
  if (!userId) {
    showAlert({ message: 'Your session has ended. Please sign in again.', type: 'error' });
    return;
  }
  try {
    const result = await send(userId);
    if ('errorMessage' in result && result.errorMessage !== undefined) {
      showAlert({ message: String(result.errorMessage), type: 'error' });
      return;
    }
    openSnackbar({
      message: successMessage,
      variant: 'alert',
      alert: { color: 'success', variant: 'filled' },
      autoHideDuration: SNACKBAR_AUTO_HIDE_MS,
    });
    onSuccess(result);
  } catch (error) {
    showAlert({ message: errorText(error), type: 'error' });
  }
}
