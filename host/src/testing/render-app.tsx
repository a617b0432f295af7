import { screen, type RenderResult } from '@testing-library/react';
import { authStore, resetAuthStore, setSessionUser, type SessionUser } from '@portal/auth-bridge';
import { resetAlertStore } from '@portal/ui';
import { renderInMemoryRouter, type RouterProbe } from '@portal/ui/testing';
import type { InitialEntry } from 'react-router-dom';
import { App } from '../app/app';
import { resetDemoModeStore } from '../lib/demo-mode-store';
// The signed-in shell is a lazy chunk in the app. Loaded here up front, a test's first signed-in page
// does not wait for the shell's modules (and the query layer) to compile, which findBy would time out on
// when the machine is busy.
import '../app/signed-in-layout';
// So are the host's other pages (host-pages.tsx loads each with its route).
import '../features/auth/components/register-page';
import '../features/auth/components/forgot-password-page';
import '../features/auth/components/code-verification-page';
import '../features/auth/components/mfa-verification-page';
import '../features/auth/components/reset-password-page';
import '../features/dashboard/components/dashboard-page';

export { testUser } from '@portal/auth-bridge/testing';

/** A first visit: nobody signed in, nothing stored, no alert shown, not in demo mode; jsdom's missing scrollTo stubbed. */
export function resetApp(): void {
  resetAuthStore();
  resetAlertStore();
  resetDemoModeStore();
  window.localStorage.clear();
  window.sessionStorage.clear();
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
}

/** Signs the user in (store + session storage) as the app would after a login. */
export function signIn(user: SessionUser): void {
  setSessionUser(user);
  window.localStorage.setItem('serviceToken', 'token');
  authStore.setState({ isLoggedIn: true, isInitialized: true, user });
}

/** The whole host app (providers, guards, shell) in a memory router; an entry may carry navigation state. */
export function renderApp(entry: InitialEntry): RenderResult & { router: RouterProbe } {
  return renderInMemoryRouter(entry, { element: <App /> });
}

/** The global alert shows `text` as an error (its error colour, not only the words). */
export async function expectErrorAlert(text: string): Promise<void> {
  const alert = await screen.findByText(text);
  expect(alert.closest('.MuiAlert-root')).toHaveClass('MuiAlert-colorError');
}
