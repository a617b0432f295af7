import { resetAuthStore } from '@portal/auth-bridge';
import { resetAlertStore, resetSnackbarStore } from '@portal/ui';

export const SESSION_USER = {
  userId: '6f1c1f7e-7c11-4d0b-9a57-6d0d8f3d2a10',
  role: 'CUSTOMER',
  mfa: false,
  email: 'chris@example.com',
  firstName: 'Chris',
  lastName: 'Customer',
  username: 'customer',
} as const;

/** A signed-in customer and empty alert/snackbar stores before each test. */
export function signInBeforeEach(): void {
  beforeEach(() => {
    resetAuthStore();
    resetAlertStore();
    resetSnackbarStore();
    window.sessionStorage.clear();
    window.sessionStorage.setItem('user', JSON.stringify(SESSION_USER));
    window.localStorage.setItem('serviceToken', 'jwt');
  });
}
