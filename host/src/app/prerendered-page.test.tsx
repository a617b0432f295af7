import { screen, waitFor } from '@testing-library/react';
import { authStore } from '@portal/auth-bridge';
import { PLAIN_SHELL_COOKIE, PRERENDERED_ELEMENT_ID, PRERENDERED_SUBMIT_ATTRIBUTE } from '@portal/config';
import { signin } from '@portal/contracts/calls';
import { displaySettingsStore } from '@portal/ui/base';
import { renderApp, resetApp, testUser } from '../testing/render-app';
import { watchShellChoice } from '../lib/prerendered-page';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../testing/mocks').federationRuntimeMock());
jest.mock('@portal/contracts/calls', () => jest.requireActual('../testing/mocks').callsMock());

const mockedSignin = signin as jest.Mock;

/** Set by a test: runs while the sign-in page renders, as a visitor's input while that render yields to the browser. */
let duringSignInRender: (() => void) | null = null;
jest.mock('../lib/use-light-theme', () => {
  const actual = jest.requireActual('../lib/use-light-theme');
  return {
    useLightTheme: () => {
      duringSignInRender?.();
      duringSignInRender = null;
      return actual.useLightTheme();
    },
  };
});

/** The prerendered sign-in page as the portal sends it (the parts the takeover reads): its form and fields. */
function prerenderedPage(typed: { username: string; password: string }): HTMLElement {
  const page = document.createElement('div');
  page.id = PRERENDERED_ELEMENT_ID;
  page.innerHTML = `<form id="login-form"><input id="login-username" /><input id="login-password" type="password" /><button type="button">Sign In</button></form>`;
  document.body.prepend(page);
  page.querySelector<HTMLInputElement>('#login-username')!.value = typed.username;
  page.querySelector<HTMLInputElement>('#login-password')!.value = typed.password;
  return page;
}

beforeEach(() => {
  resetApp();
  mockedSignin.mockReset();
  authStore.getState().restore();
});
afterEach(() => document.getElementById(PRERENDERED_ELEMENT_ID)?.remove());

test('the app takes over from the prerendered page: what was typed, the focus and the caret carry over', async () => {
  const page = prerenderedPage({ username: 'jane', password: 'Secret#1' });
  const password = page.querySelector<HTMLInputElement>('#login-password')!;
  password.focus();
  password.setSelectionRange(3, 3);
  renderApp('/login');
  await screen.findByRole('heading', { name: 'Sign in' });
  expect(document.getElementById(PRERENDERED_ELEMENT_ID)).toBeNull();
  expect(screen.getByLabelText('Username')).toHaveValue('jane');
  const appPassword = screen.getByLabelText('Password') as HTMLInputElement;
  expect(appPassword).toHaveValue('Secret#1');
  expect(appPassword).toHaveFocus();
  await waitFor(() => expect([appPassword.selectionStart, appPassword.selectionEnd]).toEqual([3, 3]));
  expect(mockedSignin).not.toHaveBeenCalled();
});

/** Types `key` where the caret is, as the browser does: the value through the element's own setter, then an input event. */
function typeAtCaret(input: HTMLInputElement, key: string): void {
  const start = input.selectionStart ?? input.value.length;
  const end = input.selectionEnd ?? start;
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, input.value.slice(0, start) + key + input.value.slice(end));
  input.setSelectionRange(start + 1, start + 1);
  input.dispatchEvent(new Event('input', { bubbles: true }));
}

test('keys typed on while the app takes over stay in order: the carried caret does not move back over them', async () => {
  const page = prerenderedPage({ username: 'cust', password: '' });
  const username = page.querySelector<HTMLInputElement>('#login-username')!;
  username.focus();
  username.setSelectionRange(4, 4);
  // The next key arrives right after the app's page has replaced the prerendered one, before the carried caret is restored.
  const observer = new MutationObserver(() => {
    if (document.getElementById(PRERENDERED_ELEMENT_ID)) return;
    observer.disconnect();
    typeAtCaret(screen.getByLabelText('Username'), 'o');
  });
  observer.observe(document.body, { childList: true });
  renderApp('/login');
  await screen.findByRole('heading', { name: 'Sign in' });
  const appUsername = screen.getByLabelText('Username') as HTMLInputElement;
  await waitFor(() => expect(appUsername).toHaveValue('custo'));
  await new Promise((resolve) => setTimeout(resolve, 10));
  typeAtCaret(appUsername, 'm');
  expect(appUsername).toHaveValue('custom');
});

test('the focus the visitor moved while the app was rendering its page is the one that carries over', async () => {
  const page = prerenderedPage({ username: 'jane', password: '' });
  page.querySelector<HTMLInputElement>('#login-username')!.focus();
  // The visitor moves to the password field after the app started drawing its page, before it is shown.
  duringSignInRender = () => page.querySelector<HTMLInputElement>('#login-password')!.focus();
  renderApp('/login');
  await screen.findByRole('heading', { name: 'Sign in' });
  expect(document.getElementById(PRERENDERED_ELEMENT_ID)).toBeNull();
  // What they type next goes to the password field, not after the username.
  expect(screen.getByLabelText('Password')).toHaveFocus();
  expect(screen.getByLabelText('Username')).toHaveValue('jane');
});

test('a press of the prerendered Sign In before the scripts ran signs in once the app has taken over', async () => {
  mockedSignin.mockResolvedValue({ errorMessage: 'Invalid username or password' });
  prerenderedPage({ username: ' jane ', password: 'Secret#1' }).setAttribute(PRERENDERED_SUBMIT_ATTRIBUTE, 'login-form');
  renderApp('/login');
  await waitFor(() => expect(mockedSignin).toHaveBeenCalledWith({ username: 'jane', password: 'Secret#1' }));
  expect(mockedSignin).toHaveBeenCalledTimes(1);
});

test('without a prerendered page the sign-in form starts empty', async () => {
  renderApp('/login');
  expect(await screen.findByLabelText('Username')).toHaveValue('');
});

describe('the plain-shell cookie', () => {
  const cookie = () => document.cookie.split('; ').find((part) => part.startsWith(`${PLAIN_SHELL_COOKIE}=`)) ?? null;
  let stop: () => void;
  beforeEach(() => {
    stop = watchShellChoice();
  });
  afterEach(() => {
    stop();
    displaySettingsStore.getState().setNavType('light');
    authStore.getState().logout();
  });

  test('is set while the sign-in page would look other than prerendered (dark mode, a session) and cleared when it would not', () => {
    expect(cookie()).toBeNull();
    displaySettingsStore.getState().setNavType('dark');
    expect(cookie()).toBe(`${PLAIN_SHELL_COOKIE}=plain`);
    displaySettingsStore.getState().setNavType('light');
    expect(cookie()).toBeNull();
    authStore.getState().login(testUser());
    expect(cookie()).toBe(`${PLAIN_SHELL_COOKIE}=plain`);
    authStore.getState().logout();
    expect(cookie()).toBeNull();
  });
});
