import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore, resetAuthStore, setSessionUser } from '@portal/auth-bridge';
import { changePassword, signout } from '@portal/contracts/calls';
import { GlobalAlert, GlobalSnackbar, resetAlertStore, resetSnackbarStore, snackbarStore } from '@portal/ui';
import { renderInMemoryRouter } from '@portal/ui/testing';
import { testUser } from '../../../testing/session';
import { ChangePasswordDialog } from './change-password-dialog';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());

// Whole-dialog interactions with many keystrokes are slow when every suite runs in parallel.
jest.setTimeout(20000);

const mockedChange = changePassword as jest.Mock;
const mockedSignout = signout as jest.Mock;
const sessionUser = testUser('CUSTOMER');

function renderDialog() {
  const onClose = jest.fn();
  // As in the host: alert and snackbar outside the router, so they outlive a navigation.
  const { router } = renderInMemoryRouter(
    '/dashboard',
    {
      routes: [
        { path: '/dashboard', element: <ChangePasswordDialog open onClose={onClose} /> },
        { path: '/login', element: <h1>Sign in</h1> },
      ],
    },
    <>
      <GlobalAlert />
      <GlobalSnackbar />
    </>,
  );
  return { router, onClose };
}

async function fill(user: ReturnType<typeof userEvent.setup>, current: string, next: string, confirm: string) {
  if (current) await user.type(screen.getByLabelText('Current Password'), current);
  if (next) await user.type(screen.getByLabelText('New Password'), next);
  if (confirm) await user.type(screen.getByLabelText('Confirm Password'), confirm);
}

beforeEach(() => {
  resetAuthStore();
  resetAlertStore();
  resetSnackbarStore();
  window.localStorage.clear();
  window.sessionStorage.clear();
  setSessionUser(sessionUser);
  window.localStorage.setItem('serviceToken', 'jwt');
  window.localStorage.setItem('profile', '{}');
  window.localStorage.setItem('whitelabel', '{}');
  window.localStorage.setItem('language', 'en');
  authStore.setState({ isLoggedIn: true, isInitialized: true, user: sessionUser });
  mockedChange.mockReset();
  mockedSignout.mockReset().mockResolvedValue({ errorMessage: 'Session revoked' });
});

afterEach(() => jest.useRealTimers());

/** Each field, found by its label, is described by its validation message. */
const expectMessages = (messages: Record<string, string>) => {
  for (const [label, message] of Object.entries(messages)) expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message);
};

describe('ChangePasswordDialog', () => {
  it('is a labelled dialog with the first field focused and labelled show/hide toggles', async () => {
    renderDialog();
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();
    expect(screen.getByLabelText('Current Password')).toHaveFocus();
    const toggle = screen.getByRole('button', { name: 'Show New Password' });
    await userEvent.click(toggle);
    expect(screen.getByLabelText('New Password')).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide New Password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show Current Password' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show Confirm Password' })).toBeInTheDocument();
  });

  it('shows the three required messages of spec section 5 on submit', async () => {
    renderDialog();
    await userEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    await waitFor(() => expect(screen.getByLabelText('Current Password')).toHaveAccessibleDescription('Current Password is required'));
    expectMessages({ 'New Password': 'New Password is required', 'Confirm Password': 'Confirm Password is required' });
    expect(mockedChange).not.toHaveBeenCalled();
  });

  it('shows the length messages as the user types', async () => {
    renderDialog();
    const user = userEvent.setup();
    await fill(user, 'short', 'short', 'short');
    expectMessages({
      'Current Password': 'Current Password is at least 8 characters',
      'New Password': 'Password must be at least 8 characters',
      'Confirm Password': 'must be at least 8 characters',
    });
    for (const label of ['Current Password', 'New Password']) {
      await user.click(screen.getByLabelText(label));
      await user.paste('x'.repeat(16));
    }
    expectMessages({ 'Current Password': 'Current Password is at most 20 characters', 'New Password': 'Password must be at most 20 characters' });
  });

  it('refuses a new password equal to the current one and a confirmation that does not match', async () => {
    renderDialog();
    const user = userEvent.setup();
    await fill(user, 'Same#Pass1', 'Same#Pass1', 'Other#Pass1');
    expectMessages({ 'New Password': 'New Password cannot be same as current password', 'Confirm Password': 'Confirm Password should match Password' });
    await user.keyboard('{Enter}');
    expect(mockedChange).not.toHaveBeenCalled();
  });

  it('shows the strength meter under the new password', async () => {
    renderDialog();
    await userEvent.type(screen.getByLabelText('New Password'), 'Abcdef1#');
    const label = screen.getByText('Strong');
    expect(screen.getByLabelText('New Password').compareDocumentPosition(label) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(label.compareDocumentPosition(screen.getByLabelText('Confirm Password')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('shows a server errorMessage as an error alert and stays signed in', async () => {
    mockedChange.mockResolvedValue({ errorMessage: 'Current password is incorrect' });
    const { router, onClose } = renderDialog();
    const user = userEvent.setup();
    await fill(user, 'Wrong#Pass1', 'Better#2026', 'Better#2026{Enter}');
    const alert = await screen.findByText('Current password is incorrect');
    expect(alert.closest('.MuiAlert-root')).toHaveClass('MuiAlert-colorError');
    expect(screen.getByRole('dialog', { name: 'Change Password' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(mockedSignout).not.toHaveBeenCalled();
    expect(router.location.pathname).toBe('/dashboard');
    expect(window.localStorage.getItem('serviceToken')).toBe('jwt');
  });

  it('on success shows the snackbar for 6000 ms and logs out: sign-out, storage cleared, store logged out, /login', async () => {
    mockedChange.mockResolvedValue({ message: 'Password changed successfully. Please login again.' });
    const { router, onClose } = renderDialog();
    const user = userEvent.setup();
    await fill(user, 'Old#Pass12', 'Better#2026', 'Better#2026{Enter}');
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    expect(mockedChange).toHaveBeenCalledWith({ userId: sessionUser.userId, currentPassword: 'Old#Pass12', password: 'Better#2026' });
    expect(mockedSignout).toHaveBeenCalledWith(sessionUser.userId);
    expect(onClose).toHaveBeenCalled();
    for (const key of ['serviceToken', 'profile', 'whitelabel', 'language']) expect(window.localStorage.getItem(key)).toBeNull();
    expect(window.sessionStorage.getItem('user')).toBeNull();
    expect(authStore.getState()).toEqual(expect.objectContaining({ isLoggedIn: false, user: null }));
    // Still on screen after the navigation, on the login page.
    // The route has changed before the login page has rendered: wait for it.
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    const snackbar = await screen.findByText('Password changed successfully. Please login again.');
    expect(snackbar.closest('.MuiAlert-root')).toHaveClass('MuiAlert-colorSuccess');
    expect(snackbarStore.getState().autoHideDuration).toBe(6000);
  });

  it('hides the snackbar after 6000 ms', async () => {
    jest.useFakeTimers();
    mockedChange.mockResolvedValue({ message: 'Password changed successfully. Please login again.' });
    const { router } = renderDialog();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await fill(user, 'Old#Pass12', 'Better#2026', 'Better#2026{Enter}');
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    expect(snackbarStore.getState().open).toBe(true);
    act(() => jest.advanceTimersByTime(5500));
    expect(snackbarStore.getState().open).toBe(true);
    act(() => jest.advanceTimersByTime(600));
    expect(snackbarStore.getState().open).toBe(false);
  });
});
