import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '@portal/auth-bridge';
import { checkEmailAvailable, checkUsernameAvailable, getRegions, register } from '@portal/contracts/calls';
import { expectErrorAlert, renderApp, resetApp } from '../../../testing/render-app';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../../../testing/mocks').federationRuntimeMock());
jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/mocks').callsMock());

const mockedRegister = register as jest.Mock;
const mockedUsername = checkUsernameAvailable as jest.Mock;
const mockedEmail = checkEmailAvailable as jest.Mock;
const mockedRegions = getRegions as jest.Mock;
const REGIONS = [
  { id: 'eu-west', name: 'Europe (Ireland)' },
  { id: 'us-east', name: 'United States (Virginia)' },
];

const newUser = {
  userId: '0d6d2a8e-4b6f-4b7e-9a57-6d0d8f3d2a11',
  role: 'DIRECTCUSTOMER',
  mfa: false,
  email: 'new@example.com',
  firstName: 'New',
  lastName: 'User',
  username: 'newuser',
};

beforeEach(() => {
  resetApp();
  mockedRegister.mockReset();
  mockedUsername.mockReset().mockResolvedValue({ available: true });
  mockedEmail.mockReset().mockResolvedValue({ available: true });
  mockedRegions.mockReset().mockResolvedValue(REGIONS);
  authStore.getState().restore();
});

afterEach(() => jest.useRealTimers());

// Whole-app renders with many keystrokes are slow when every suite runs in parallel.
jest.setTimeout(20000);

async function fillForm(user: ReturnType<typeof userEvent.setup>, overrides: Partial<Record<string, string>> = {}) {
  const v = { username: 'newuser', email: 'new@example.com', firstName: 'New', lastName: 'User', company: 'New Co', password: 'Secret#123', confirm: 'Secret#123', ...overrides };
  await user.type(await screen.findByLabelText('Username'), v.username);
  await user.type(screen.getByLabelText('Email'), v.email);
  await user.type(screen.getByLabelText('First Name'), v.firstName);
  await user.type(screen.getByLabelText('Last Name'), v.lastName);
  await user.type(screen.getByLabelText('Company'), v.company);
  await screen.findByRole('option', { name: 'Europe (Ireland)' });
  await user.selectOptions(screen.getByLabelText('Region'), 'eu-west');
  await user.type(screen.getByLabelText('Password'), v.password);
  await user.type(screen.getByLabelText('Confirm Password'), v.confirm);
}

describe('register page', () => {
  it('focuses the username and shows every required message on submit without calling the server', async () => {
    renderApp('/register');
    const user = userEvent.setup();
    expect(await screen.findByLabelText('Username')).toHaveFocus();
    await screen.findByRole('option', { name: 'Europe (Ireland)' });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    const expected: [string, string][] = [
      ['Username', 'Username is a required field'],
      ['Email', 'Email is a required field'],
      ['First Name', 'First Name is a required field'],
      ['Last Name', 'Last Name is a required field'],
      ['Company', 'Company is a required field'],
      ['Region', 'Region is a required field'],
      ['Password', 'Password is a required field'],
      ['Confirm Password', 'Confirm Password is required'],
    ];
    for (const [label, message] of expected) {
      await waitFor(() => expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message));
    }
    expect(mockedRegister).not.toHaveBeenCalled();
  });

  it('validates on change with the generic templates and the password rules', async () => {
    renderApp('/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'ab');
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('must be at least 3 characters');
    await user.click(screen.getByLabelText('Username'));
    await user.paste('c'.repeat(29));
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('must be at most 30 characters');
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('must be a valid email');
    await user.type(screen.getByLabelText('Password'), 'Short#1');
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password must be at least 8 characters');
    await user.click(screen.getByLabelText('Password'));
    await user.paste('x'.repeat(14));
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('Password must be at most 20 characters');
    await user.type(screen.getByLabelText('Confirm Password'), 'Other#123');
    expect(screen.getByLabelText('Confirm Password')).toHaveAccessibleDescription('Confirm Password should match Password');
  });

  it('checks the username 166 ms after the last keystroke, once, and never for an invalid value', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderApp('/register');
    const input = await screen.findByLabelText('Username');
    await user.type(input, 'ja');
    act(() => jest.advanceTimersByTime(500));
    expect(mockedUsername).not.toHaveBeenCalled();
    await user.type(input, 'ne');
    act(() => jest.advanceTimersByTime(165));
    expect(mockedUsername).not.toHaveBeenCalled();
    await act(async () => jest.advanceTimersByTime(1));
    expect(mockedUsername).toHaveBeenCalledTimes(1);
    expect(mockedUsername).toHaveBeenCalledWith('jane');
    expect(await screen.findByText('Username is available')).toBeInTheDocument();
  });

  it('shows a taken username and an available e-mail inline', async () => {
    mockedUsername.mockResolvedValue({ available: false });
    renderApp('/register');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'taken');
    await user.type(screen.getByLabelText('Email'), 'free@example.com');
    await waitFor(() => expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('Username is already taken'));
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Email is available'));
    expect(mockedEmail).toHaveBeenCalledWith('free@example.com');
  });

  it('shows the strength meter label under the password', async () => {
    renderApp('/register');
    const user = userEvent.setup();
    const password = await screen.findByLabelText('Password');
    const cases: [string, string][] = [
      ['abcdef', 'Poor'],
      ['abcdefgh', 'Weak'],
      ['abcdefg1', 'Normal'],
      ['abcdef1#', 'Good'],
      ['Abcdef1#', 'Strong'],
    ];
    for (const [value, label] of cases) {
      await user.clear(password);
      await user.type(password, value);
      const meter = screen.getByText(label);
      expect(password.compareDocumentPosition(meter) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
      expect(meter.compareDocumentPosition(screen.getByLabelText('Confirm Password')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
  });

  it('registers, stores the user only, shows the server message and goes to /login', async () => {
    mockedRegister.mockResolvedValue({ message: 'Registration successful. Please sign in.', ...newUser });
    const { router } = renderApp('/register');
    const user = userEvent.setup();
    await fillForm(user);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    expect(mockedRegister).toHaveBeenCalledWith({
      username: 'newuser',
      email: 'new@example.com',
      firstName: 'New',
      lastName: 'User',
      company: 'New Co',
      regionId: 'eu-west',
      password: 'Secret#123',
    });
    expect(authStore.getState()).toEqual(expect.objectContaining({ isLoggedIn: false, user: newUser }));
    expect(window.localStorage.getItem('serviceToken')).toBeNull();
    const alert = await screen.findByText('Registration successful. Please sign in.');
    expect(alert.closest('.MuiAlert-root')).toHaveClass('MuiAlert-colorSuccess');
  });

  it("shows the server's errorMessage as an error alert and stays", async () => {
    mockedRegister.mockResolvedValue({ errorMessage: 'E-mail is already registered' });
    const { router } = renderApp('/register');
    const user = userEvent.setup();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await expectErrorAlert('E-mail is already registered');
    expect(router.location.pathname).toBe('/register');
    expect(authStore.getState().user).toBeNull();
  });

  it('shows the regions loading state, then an error with a working retry', async () => {
    let resolve: (value: unknown) => void = () => undefined;
    mockedRegions.mockReturnValueOnce(new Promise((r) => (resolve = r)));
    renderApp('/register');
    await waitFor(() => expect(screen.getByLabelText('Region')).toHaveAccessibleDescription('Loading regions…'));
    expect(screen.getByLabelText('Region')).toBeDisabled();
    await act(async () => resolve({ errorMessage: 'Internal server error' }));
    expect(screen.getByLabelText('Region')).toHaveAccessibleDescription('Regions could not be loaded.');
    await userEvent.click(screen.getByRole('button', { name: 'Retry loading regions' }));
    expect(await screen.findByRole('option', { name: 'United States (Virginia)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Region')).toBeEnabled();
  });
});
