import { resetAuthStore, setSessionUser } from '@portal/auth-bridge';
import { testUser } from '@portal/auth-bridge/testing';
import { resetAlertStore, resetSnackbarStore } from '@portal/ui';

export const SESSION_USER = testUser('CUSTOMER');

/** A signed-in customer and empty alert/snackbar stores before each test. */
export function signInBeforeEach(): void {
  beforeEach(() => {
    resetAuthStore();
    resetAlertStore();
    resetSnackbarStore();
    window.sessionStorage.clear();
    setSessionUser(SESSION_USER);
    window.localStorage.setItem('serviceToken', 'jwt');
  });
}
