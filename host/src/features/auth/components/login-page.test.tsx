import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '@portal/auth-bridge';
import { signin } from '@portal/contracts/calls';
import { darkSurfaces, displaySettingsStore, lightSurfaces, menuStore, presetPalettes, resetMenuStore } from '@portal/ui/base';
import { demoModeStore } from '../../../lib/demo-mode-store';
import { renderApp, resetApp } from '../../../testing/render-app';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../../../testing/mocks').federationRuntimeMock());
jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/mocks').callsMock());

const page = async () => (await screen.findByRole('heading', { name: 'Sign in' })).closest('main') as HTMLElement;
const cssVar = (element: HTMLElement, name: string) => element.style.getPropertyValue(name);

beforeEach(() => {
  resetApp();
  resetMenuStore();
  displaySettingsStore.getState().resetSettings();
  document.documentElement.removeAttribute('dir');
  authStore.getState().restore();
});

describe('the sign-in page without MUI', () => {
  it('draws plain elements: no MUI component and no Emotion style on the page', async () => {
    renderApp('/login');
    await page();
    expect(document.querySelector('[class*="Mui"]')).toBeNull();
    expect(document.querySelector('style[data-emotion]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign In' })).toHaveClass('pl-button');
    expect(screen.getByRole('link', { name: 'Forgot Password?' })).toHaveAttribute('href', '/forgot');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('img', { name: 'Cloud Backup Portal' })).toBeInTheDocument();
  });

  it('takes its colours from the display settings: light by default, dark on navType dark', async () => {
    renderApp('/login');
    const main = await page();
    expect(cssVar(main, '--portal-paper')).toBe(lightSurfaces.paper);
    act(() => displaySettingsStore.getState().setNavType('dark'));
    expect(await page()).toBe(main);
    expect(cssVar(main, '--portal-paper')).toBe(darkSurfaces.level2);
    expect(cssVar(main, '--portal-text')).toBe(darkSurfaces.textPrimary);
  });

  it('takes the brand owner’s preset while the user keeps the default colour', async () => {
    menuStore.getState().setWhiteLabelData({ copyrightText: null, whitelabelImageUrl: null, whiteLabelEmail: null, presetColor: 'theme3' });
    renderApp('/login');
    expect(cssVar(await page(), '--portal-primary')).toBe(presetPalettes.theme3.light.primary.main);
  });

  it('reads right to left when the display settings say so, page and document alike', async () => {
    displaySettingsStore.getState().setRtlLayout(true);
    renderApp('/login');
    expect(await page()).toHaveAttribute('dir', 'rtl');
    expect(document.documentElement).toHaveAttribute('dir', 'rtl');
  });

  it('says so in a demo portal', async () => {
    demoModeStore.getState().setDemo(true);
    renderApp('/login');
    await page();
    expect(screen.getByRole('note', { name: 'Demo mode' })).toHaveTextContent('Demo portal: sample data');
  });

  it('announces a server error in the themed alert (loaded with the message) and keeps what was typed', async () => {
    (signin as jest.Mock).mockResolvedValue({ errorMessage: 'Invalid username or password' });
    renderApp('/login');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Username'), 'jane');
    await user.type(screen.getByLabelText('Password'), 'Secret#123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid username or password');
    expect(screen.getByLabelText('Username')).toHaveValue('jane');
    expect(screen.getByLabelText('Password')).toHaveValue('Secret#123');
  });
});
