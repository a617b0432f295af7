import { errorMessageOf } from '@portal/data';
import { showAlert } from '@portal/ui';

/** A refused or failed change as an error alert (spec section 8): the server's own message. */
export const alertError = (error: unknown) => showAlert({ message: errorMessageOf(error), type: 'error' });

export const alertSuccess = (message: string) => showAlert({ message, type: 'success' });
