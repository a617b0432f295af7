import { openSnackbar } from '@portal/ui';

/** Reports the outcome of a change in the snackbar; an error stays a little longer. */
export function notify(message: string, color: 'success' | 'error', autoHideDuration = color === 'error' ? 6000 : 4000) {
  openSnackbar({ message, variant: 'alert', alert: { color, variant: 'filled' }, autoHideDuration });
}
