import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '@portal/auth-bridge';
import { resendMfaCode, validateOtp } from '@portal/contracts/calls';
import { expectErrorAlert, renderApp, resetApp, testUser } from '../../../testing/render-app';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../../../testing/mocks').federationRuntimeMock());
jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/mocks').callsMock());

const mockedValidate = validateOtp as jest.Mock;
const mockedResend = resendMfaCode as jest.Mock;
const pending = { ...testUser('CUSTOMER'), mfa: true, username: 'mfauser', email: 'mfa@example.com' };
const entry = (state: unknown) => ({ pathname: '/mfa-verification', state });

jest.setTimeout(20000);

beforeEach(() => {
  resetApp();
  window.localStorage.setItem('serviceToken', 'pending-token');
  mockedValidate.mockReset();
  mockedResend.mockReset();
  authStore.getState().restore();
});

async function enterCode(code: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Verification code'), code);
  await user.keyboard('{Enter}');
  return user;
}

describe('MFA verification page', () => {
  it('sends a visitor without navigation state to /login', async () => {
    const { router } = renderApp('/mfa-verification');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/login');
  });

  it('says where the code was sent and offers a focused one-time-code input', async () => {
    renderApp(entry({ ...pending, mfaMethod: 'email' }));
    expect(await screen.findByText('We sent a 6-digit code to mfa@example.com. Enter it below.')).toBeInTheDocument();
    const input = screen.getByLabelText('Verification code');
    expect(input).toHaveFocus();
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
  });

  it('names the authenticator app for TOTP', async () => {
    renderApp(entry({ ...pending, mfaMethod: 'totp' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeInTheDocument();
  });

  it('asks for exactly 6 characters before calling the server', async () => {
    renderApp(entry(pending));
    await enterCode('123');
    expect(await screen.findByText('must be exactly 6 characters')).toBeInTheDocument();
    expect(mockedValidate).not.toHaveBeenCalled();
  });

  it('shows a wrong code as an error alert and stays signed out', async () => {
    mockedValidate.mockResolvedValue({ errorMessage: 'Invalid or expired code' });
    const { router } = renderApp(entry(pending));
    await enterCode('000000');
    await expectErrorAlert('Invalid or expired code');
    expect(router.location.pathname).toBe('/mfa-verification');
    expect(window.sessionStorage.getItem('user')).toBeNull();
    expect(authStore.getState().isLoggedIn).toBe(false);
  });

  it('on success shows the message, stores the session user, completes the login and replaces history with /dashboard', async () => {
    mockedValidate.mockResolvedValue({ message: 'Verification successful' });
    const { router } = renderApp(entry({ ...pending, mfaMethod: 'email' }));
    await enterCode('123456');
    await waitFor(() => expect(router.location.pathname).toBe('/dashboard'));
    expect(router.action).toBe('REPLACE');
    expect(mockedValidate).toHaveBeenCalledWith({ userId: pending.userId, otp: '123456' });
    expect(JSON.parse(window.sessionStorage.getItem('user')!)).toEqual(pending);
    expect(authStore.getState()).toEqual(expect.objectContaining({ isLoggedIn: true, user: pending }));
    expect(window.localStorage.getItem('serviceToken')).toBe('pending-token');
    expect(await screen.findByText('Verification successful')).toBeInTheDocument();
  });

  it('resends the code for the pending user', async () => {
    mockedResend.mockResolvedValue({ message: 'A new code has been sent.' });
    renderApp(entry(pending));
    await userEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    expect(await screen.findByText('A new code has been sent.')).toBeInTheDocument();
    expect(mockedResend).toHaveBeenCalledWith(pending.userId);
  });

  it('"Back to sign in" drops the pending token', async () => {
    const { router } = renderApp(entry(pending));
    await userEvent.click(await screen.findByRole('button', { name: 'Back to sign in' }));
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('serviceToken')).toBeNull();
  });
});
