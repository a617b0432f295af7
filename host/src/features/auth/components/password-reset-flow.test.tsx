import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '@portal/auth-bridge';
import { forgot, resetPassword, validateResetOtp } from '@portal/contracts/calls';
import { expectErrorAlert, renderApp, resetApp } from '../../../testing/render-app';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../../../testing/mocks').federationRuntimeMock());
jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/mocks').callsMock());

const mockedForgot = forgot as jest.Mock;
const mockedValidate = validateResetOtp as jest.Mock;
const mockedReset = resetPassword as jest.Mock;
const SENT = 'If an account exists for this e-mail, a verification code has been sent.';

jest.setTimeout(20000);

beforeEach(() => {
  resetApp();
  mockedForgot.mockReset().mockResolvedValue({ message: SENT });
  mockedValidate.mockReset();
  mockedReset.mockReset();
  authStore.getState().restore();
});

describe('forgotten password flow', () => {
  it('goes /forgot -> /code-verification { email } -> /reset { email, otp } -> /login', async () => {
    mockedValidate.mockResolvedValue({ message: 'Code verified' });
    mockedReset.mockResolvedValue({ message: 'Password has been reset. Please sign in.' });
    const { router } = renderApp('/forgot');
    const user = userEvent.setup();

    const email = await screen.findByLabelText('Email');
    expect(email).toHaveFocus();
    await user.type(email, 'jane@example.com{Enter}');
    await waitFor(() => expect(router.location.pathname).toBe('/code-verification'));
    expect(router.location.state).toEqual({ email: 'jane@example.com' });
    expect(mockedForgot).toHaveBeenCalledWith({ email: 'jane@example.com' });
    expect(await screen.findByText(SENT)).toBeInTheDocument();

    await user.type(await screen.findByLabelText('Verification code'), '123456{Enter}');
    await waitFor(() => expect(router.location.pathname).toBe('/reset'));
    expect(router.location.state).toEqual({ email: 'jane@example.com', otp: '123456' });
    expect(mockedValidate).toHaveBeenCalledWith({ email: 'jane@example.com', otp: '123456' });

    await user.type(await screen.findByLabelText('New Password'), 'Better#2026');
    expect(screen.getByText('Strong')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Confirm Password'), 'Better#2026{Enter}');
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    expect(mockedReset).toHaveBeenCalledWith({ email: 'jane@example.com', otp: '123456', password: 'Better#2026' });
    const alert = await screen.findByText('Password has been reset. Please sign in.');
    expect(alert.closest('.MuiAlert-root')).toHaveClass('MuiAlert-colorSuccess');
  });

  it('validates the e-mail before asking the server', async () => {
    renderApp('/forgot');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'nope{Enter}');
    expect(await screen.findByText('must be a valid email')).toBeInTheDocument();
    expect(mockedForgot).not.toHaveBeenCalled();
  });

  it.each(['/code-verification', '/reset'])('sends %s without navigation state back to /forgot', async (path) => {
    const { router } = renderApp(path);
    expect(await screen.findByRole('heading', { name: 'Forgot Password' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/forgot');
  });

  it('shows a wrong code as an error alert and resends with forgot()', async () => {
    mockedValidate.mockResolvedValue({ errorMessage: 'Invalid or expired code' });
    const { router } = renderApp({ pathname: '/code-verification', state: { email: 'jane@example.com' } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Verification code'), '000000{Enter}');
    await expectErrorAlert('Invalid or expired code');
    expect(router.location.pathname).toBe('/code-verification');
    await user.click(screen.getByRole('button', { name: 'Resend code' }));
    await waitFor(() => expect(mockedForgot).toHaveBeenCalledWith({ email: 'jane@example.com' }));
  });

  it('shows the reset rules and a server refusal', async () => {
    mockedReset.mockResolvedValue({ errorMessage: 'This password is too common. Choose a less common password.' });
    const { router } = renderApp({ pathname: '/reset', state: { email: 'jane@example.com', otp: '123456' } });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New Password'), 'short');
    expect(screen.getByLabelText('New Password')).toHaveAccessibleDescription('Password must be at least 8 characters');
    await user.type(screen.getByLabelText('New Password'), '123');
    await user.type(screen.getByLabelText('Confirm Password'), 'short12');
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription(/must be at least 8 characters|Confirm Password should match Password/);
    await user.type(screen.getByLabelText('Confirm Password'), '3{Enter}');
    expect(await screen.findByText('This password is too common. Choose a less common password.')).toBeInTheDocument();
    expect(router.location.pathname).toBe('/reset');
  });
});
