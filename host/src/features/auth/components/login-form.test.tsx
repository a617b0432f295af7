import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '@portal/auth-bridge';
import { getProfile, signin } from '@portal/contracts/calls';
import { expectErrorAlert, renderApp, resetApp, testUser } from '../../../testing/render-app';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../../../testing/mocks').federationRuntimeMock());
jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/mocks').callsMock());

const mockedSignin = signin as jest.Mock;

async function submit(username = 'jane', password = 'Secret#123') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign In' }));
}

beforeEach(() => {
  resetApp();
  mockedSignin.mockReset();
  authStore.getState().restore();
});

describe('login page', () => {
  it('validates on change/blur with the spec messages and does not call signin', async () => {
    renderApp('/login');
    const user = userEvent.setup();
    await user.click(await screen.findByLabelText('Username'));
    await user.tab();
    expect(await screen.findByText('Username is required')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(mockedSignin).not.toHaveBeenCalled();
  });

  it('checks every field before submit: the first one in error gets the focus and both say why', async () => {
    renderApp('/login');
    const user = userEvent.setup();
    const username = await screen.findByLabelText('Username');
    const password = screen.getByLabelText('Password');
    await user.type(password, 'Secret#123');
    await user.type(username, '   ');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Username is required')).toHaveAttribute('id', 'login-username-helper-text');
    expect(username).toHaveFocus();
    expect(username).toHaveAttribute('aria-invalid', 'true');
    expect(username).toHaveAccessibleDescription('Username is required');
    expect(password).toHaveAttribute('aria-invalid', 'false');
    await user.clear(password);
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(password).toHaveAttribute('aria-invalid', 'true');
    expect(password).toHaveAccessibleDescription('Password is required');
    await user.type(username, 'jane');
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
    expect(mockedSignin).not.toHaveBeenCalled();
  });

  it('focuses the password when only it is missing, and sends the username without surrounding spaces', async () => {
    mockedSignin.mockResolvedValue({ errorMessage: 'Invalid username or password' });
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), '  jane ');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveFocus();
    expect(mockedSignin).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await expectErrorAlert('Invalid username or password');
    expect(mockedSignin).toHaveBeenCalledWith({ username: 'jane', password: 'Secret#123' });
  });

  it('is also served at the root path', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('shows errorMessage as an error alert and stays on the login page', async () => {
    mockedSignin.mockResolvedValue({ errorMessage: 'Invalid username or password' });
    const { router } = renderApp('/login');
    await submit();
    await expectErrorAlert('Invalid username or password');
    expect(router.location.pathname).toBe('/login');
    expect(window.localStorage.getItem('serviceToken')).toBeNull();
    expect(authStore.getState().isLoggedIn).toBe(false);
  });

  it('stores the token and session user, runs the post-login steps and replaces history with /dashboard', async () => {
    const user = testUser('CUSTOMER');
    mockedSignin.mockResolvedValue({ ...user, accessToken: 'jwt-token' });
    (getProfile as jest.Mock).mockResolvedValue({ ...user, organisationName: 'Acme', profileImageUrl: null });
    const { router } = renderApp('/login');
    await submit();
    await waitFor(() => expect(router.location.pathname).toBe('/dashboard'));
    expect(router.action).toBe('REPLACE');
    expect(mockedSignin).toHaveBeenCalledWith({ username: 'jane', password: 'Secret#123' });
    expect(window.localStorage.getItem('serviceToken')).toBe('jwt-token');
    expect(JSON.parse(window.sessionStorage.getItem('user')!)).toEqual(user);
    expect(getProfile).toHaveBeenCalledWith(user.userId);
    expect(JSON.parse(window.localStorage.getItem('profile')!)).toEqual(expect.objectContaining({ organisationName: 'Acme' }));
    expect(authStore.getState()).toEqual(expect.objectContaining({ isLoggedIn: true, user }));
    expect(await screen.findByText('Version 1.2.3')).toBeInTheDocument();
  });

  it('goes to /mfa-verification with the user summary when mfa is set, without completing the login', async () => {
    const user = { ...testUser('ADMIN'), mfa: true };
    mockedSignin.mockResolvedValue({ ...user, accessToken: 'jwt-token' });
    const { router } = renderApp('/login');
    await submit();
    await waitFor(() => expect(router.location.pathname).toBe('/mfa-verification'));
    expect(router.action).toBe('REPLACE');
    expect(router.location.state).toEqual(user);
    expect(window.localStorage.getItem('serviceToken')).toBe('jwt-token');
    expect(window.sessionStorage.getItem('user')).toBeNull();
    expect(authStore.getState().isLoggedIn).toBe(false);
    expect(await screen.findByRole('heading', { name: 'MFA Verification' })).toBeInTheDocument();
  });
});
