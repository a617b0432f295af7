import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetAuthStore } from '@portal/auth-bridge';
import { displaySettingsStore, i18nStore, menuStore, profileStore, resetMenuStore } from '@portal/ui';
import { renderApp, signIn, testUser } from '../../../testing/render-app';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../../../testing/mocks').federationRuntimeMock());
jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/mocks').callsMock());

const originalMatchMedia = window.matchMedia;

// Every click here re-themes the whole tree; slow under a loaded CI machine.
jest.setTimeout(20000);

beforeEach(() => {
  resetAuthStore();
  window.localStorage.clear();
  window.sessionStorage.clear();
  displaySettingsStore.getState().resetSettings();
  resetMenuStore();
  i18nStore.getState().resetLanguage();
  profileStore.setState({ profile: null, error: null });
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});
const setMatchMedia = (fn: typeof window.matchMedia) => Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: fn });
afterEach(() => setMatchMedia(originalMatchMedia));

// The shell is lazy-loaded: give its first import time on a busy machine.
const mainMenu = () => screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 5000 });

describe('drawer', () => {
  it('is open (260 px) and the menu button folds it away on the default drawer type', async () => {
    signIn(testUser('CUSTOMER'));
    renderApp('/dashboard');
    const nav = await mainMenu();
    expect(nav).toHaveStyle({ width: '260px' });
    // Spec section 9 stacking: the app bar keeps 1100 (the drawer starts below it, checked in shell.e2e.ts).
    expect(document.querySelector('header.MuiAppBar-root')).toHaveStyle({ zIndex: '1100' });
    const toggle = screen.getByRole('button', { name: 'Toggle menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await userEvent.click(toggle);
    expect(menuStore.getState().drawerOpen).toBe(false);
    expect(nav).toHaveStyle({ width: '0px' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('is forced open at start on the default drawer type even when stored closed', async () => {
    menuStore.getState().openDrawer(false);
    signIn(testUser('CUSTOMER'));
    renderApp('/dashboard');
    expect(await mainMenu()).toHaveStyle({ width: '260px' });
    expect(menuStore.getState().drawerOpen).toBe(true);
  });

  it('folds to the 72 px mini drawer with icon-only entries that keep their names', async () => {
    signIn(testUser('CUSTOMER'));
    renderApp('/dashboard');
    const nav = await mainMenu();
    act(() => displaySettingsStore.getState().setDrawerType('mini-drawer'));
    expect(menuStore.getState().drawerOpen).toBe(false);
    expect(nav).toHaveStyle({ width: '72px' });
    expect(within(nav).getByRole('button', { name: 'Backup' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Toggle menu' }));
    expect(nav).toHaveStyle({ width: '260px' });
    act(() => displaySettingsStore.getState().setDrawerType('default'));
    expect(menuStore.getState().drawerOpen).toBe(true);
  });

  it('is a temporary drawer, forced open, on small screens', async () => {
    setMatchMedia(((query: string) => ({
      matches: /max-width/.test(query),
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    })) as typeof window.matchMedia);
    menuStore.getState().openDrawer(false);
    displaySettingsStore.getState().setDrawerType('mini-drawer');
    signIn(testUser('CUSTOMER'));
    renderApp('/dashboard');
    await waitFor(() => expect(menuStore.getState().drawerOpen).toBe(true));
    const toggle = await screen.findByRole('button', { name: 'Toggle menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // Not drawn until first opened: the toggle names no element that is not there.
    expect(document.getElementById('main-menu-drawer')).toBeNull();
    expect(toggle).not.toHaveAttribute('aria-controls');
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAttribute('aria-controls', 'main-menu-drawer');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Jobs' }));
    await waitFor(() => expect(toggle).toHaveAttribute('aria-expanded', 'false'));
    // Kept once drawn: opening it again is immediate.
    expect(document.getElementById('main-menu-drawer')).not.toBeNull();
  });
});

describe('selected item', () => {
  it('follows the route, also for pages under a menu entry', async () => {
    signIn(testUser('CUSTOMER'));
    const { router } = renderApp('/dashboard');
    const nav = await mainMenu();
    expect(within(nav).getByRole('button', { name: 'Dashboard' })).toHaveClass('Mui-selected');
    await userEvent.click(within(nav).getByRole('button', { name: 'Profile' }));
    await waitFor(() => expect(within(nav).getByRole('button', { name: 'Profile' })).toHaveClass('Mui-selected'));
    expect(within(nav).getByRole('button', { name: 'Dashboard' })).not.toHaveClass('Mui-selected');
    expect(menuStore.getState()).toEqual(expect.objectContaining({ selectedItem: ['profile'], selectedID: 'settings' }));
    await act(() => router.navigate('/view-users/M365/42/backup'));
    await waitFor(() => expect(within(nav).getByRole('button', { name: 'Backup' })).toHaveAttribute('aria-current', 'page'));
  });
});

describe('horizontal layout', () => {
  it('shows the menu as a bar and collapses what lies beyond the limit into "More Items"', async () => {
    displaySettingsStore.getState().setLayout('horizontal');
    signIn(testUser('CUSTOMER'));
    renderApp('/dashboard');
    const nav = await mainMenu();
    expect(screen.queryByRole('button', { name: 'Toggle menu' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    // CUSTOMER has 8 top-level entries; 6 fit the bar (Alerts the last), Settings and Support go to More Items.
    expect(within(nav).getByRole('button', { name: 'Alerts' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Settings' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Support' })).not.toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('button', { name: 'More Items' }));
    const more = await screen.findByRole('menu');
    expect(within(more).getByRole('menuitem', { name: 'Feedback' })).toBeInTheDocument();
    expect(within(more).getByRole('menuitem', { name: 'Raise Ticket' })).toBeInTheDocument();
  });

  it('opens a group as a dropdown and navigates from it', async () => {
    displaySettingsStore.getState().setLayout('horizontal');
    signIn(testUser('ADMIN'));
    const { router } = renderApp('/dashboard');
    const nav = await mainMenu();
    expect(within(nav).queryByRole('button', { name: 'More Items' })).not.toBeInTheDocument();
    await userEvent.click(within(nav).getByRole('button', { name: 'Settings' }));
    await userEvent.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: 'Whitelabel' }));
    await waitFor(() => expect(router.location.pathname).toBe('/whitelabel'));
  });
});

describe('white-label data and profile', () => {
  it('shows the white-label logo, plain-text copyright and the profile avatar', async () => {
    menuStore.getState().setWhiteLabelData({
      copyrightText: '<b>Acme</b> Backup © 2026',
      whitelabelImageUrl: 'https://cdn.example.com/acme.png',
      whiteLabelEmail: null,
    });
    profileStore.setState({
      profile: { firstName: 'Ada', lastName: 'Lovelace', profileImageUrl: 'https://cdn.example.com/ada.png' } as never,
    });
    signIn(testUser('PARTNER'));
    const { container } = renderApp('/dashboard');
    expect(await screen.findByRole('img', { name: 'Portal logo' })).toHaveAttribute('src', 'https://cdn.example.com/acme.png');
    expect(screen.getByText('<b>Acme</b> Backup © 2026')).toBeInTheDocument();
    expect(container.querySelector('footer b')).toBeNull();
    expect(screen.getByRole('img', { name: 'Profile picture of Ada Lovelace' })).toHaveAttribute('src', 'https://cdn.example.com/ada.png');
    await userEvent.click(screen.getByRole('button', { name: 'Open profile menu' }));
    expect(within(await screen.findByRole('menu')).getByText('Ada Lovelace')).toBeInTheDocument();
  });
});

describe('page entry and scrolling', () => {
  it('animates the page in and scrolls to the top on each route change', async () => {
    signIn(testUser('ADMIN'));
    const { router } = renderApp('/dashboard');
    await mainMenu();
    const page = screen.getByTestId('page-transition');
    expect(page).toHaveStyle({ animationDuration: '225ms' });
    const calls = (window.scrollTo as jest.Mock).mock.calls.length;
    await act(() => router.navigate('/no-such-page'));
    expect(window.scrollTo).toHaveBeenCalledTimes(calls + 1);
    expect(screen.getByTestId('page-transition')).not.toBe(page);
  });
});

describe('language', () => {
  it('translates the shell and drops the preference at logout', async () => {
    signIn(testUser('CUSTOMER'));
    const { router } = renderApp('/dashboard');
    await mainMenu();
    act(() => i18nStore.getState().setLanguage('fr'));
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(within(nav).getByRole('button', { name: 'Tableau de bord' })).toBeInTheDocument();
    expect(window.localStorage.getItem('language')).toBe('fr');
    await userEvent.click(screen.getByRole('button', { name: 'Ouvrir le menu du profil' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Se déconnecter' }));
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    expect(window.localStorage.getItem('language')).toBeNull();
    expect(i18nStore.getState().language).toBe('en');
  });
});

describe('keyboard', () => {
  it('reaches the menu button, the menu entries and the profile menu with the keyboard', async () => {
    const user = userEvent.setup();
    signIn(testUser('CUSTOMER'));
    const { router } = renderApp('/dashboard');
    const nav = await mainMenu();
    // Skip link first, then the menu button.
    await user.tab();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Toggle menu' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(menuStore.getState().drawerOpen).toBe(false);
    await user.keyboard('{Enter}');
    expect(menuStore.getState().drawerOpen).toBe(true);

    within(nav).getByRole('button', { name: 'Backup' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(router.location.pathname).toBe('/backup'));

    screen.getByRole('button', { name: 'Open profile menu' }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Change Password' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Open profile menu' })).toHaveFocus();
  });

  it('opens the display settings as a dialog that Escape closes', async () => {
    const user = userEvent.setup();
    signIn(testUser('CUSTOMER'));
    renderApp('/dashboard');
    await mainMenu();
    screen.getByRole('button', { name: 'Open display settings' }).focus();
    await user.keyboard('{Enter}');
    const panel = await screen.findByRole('dialog', { name: 'Display settings' });
    expect(panel).toContainElement(document.activeElement as HTMLElement);
    fireEvent.keyDown(document.activeElement as Element, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Display settings' })).not.toBeInTheDocument());
  });
});
