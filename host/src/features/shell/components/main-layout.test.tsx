import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore, resetAuthStore } from '@portal/auth-bridge';
import { signout } from '@portal/contracts/calls';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { renderApp, signIn, testUser } from '../../../testing/render-app';
import { SHELL_SNAPSHOT_ELEMENT_ID, storageKeys } from '@portal/config';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../../../testing/mocks').federationRuntimeMock());
jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/mocks').callsMock());

beforeEach(() => {
  resetAuthStore();
  window.localStorage.clear();
  window.sessionStorage.clear();
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
});

describe('shell', () => {
  it('shows the role menu in a "Main menu" landmark with the current item selected', async () => {
    signIn(testUser('CUSTOMER'));
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('button', { name: 'Dashboard' })).toHaveClass('Mui-selected');
    expect(within(nav).getByRole('button', { name: 'Backup' })).toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'User Management' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('button', { name: 'Whitelabel' })).not.toBeInTheDocument();
  });

  it('shows greeting, name and role in the profile menu', async () => {
    signIn(testUser('PARTNER'));
    renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Open profile menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText(/Good (Morning|Afternoon|Evening),/)).toHaveTextContent('Jane Doe');
    expect(within(menu).getByText('PARTNER')).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Change Password' })).toBeInTheDocument();
  });

  it('logs out: signout(userId), clears every stored key, logs out the store and goes to /login', async () => {
    const user = testUser('ADMIN');
    signIn(user);
    window.localStorage.setItem('profile', '{}');
    window.localStorage.setItem('whitelabel', '{}');
    window.localStorage.setItem('language', 'en');
    window.localStorage.setItem('berry-config', '{"navType":"dark"}');
    const { router } = renderApp('/dashboard');
    await userEvent.click(await screen.findByRole('button', { name: 'Open profile menu' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.location.pathname).toBe('/login'));
    expect(signout).toHaveBeenCalledWith(user.userId);
    for (const key of ['serviceToken', 'profile', 'whitelabel', 'language']) expect(window.localStorage.getItem(key)).toBeNull();
    expect(window.sessionStorage.getItem('user')).toBeNull();
    expect(window.localStorage.getItem('berry-config')).not.toBeNull();
    expect(authStore.getState()).toEqual(expect.objectContaining({ isLoggedIn: false, user: null }));
  });

  it('opens the support remote dialog from the Feedback popup entry', async () => {
    (loadRemote as jest.Mock).mockResolvedValue({
      default: ({ open }: { open: boolean }) => (open ? <div role="dialog" aria-label="Feedback dialog" /> : null),
    });
    signIn(testUser('CUSTOMER'));
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    await userEvent.click(within(nav).getByRole('button', { name: 'Feedback' }));
    expect(await screen.findByRole('dialog', { name: 'Feedback dialog' })).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledWith('support/FeedbackDialog');
  });

  it('removes the shell painted before the scripts once drawn, and keeps the shell as drawn (not the page) when the page is left', async () => {
    document.body.insertAdjacentHTML('afterbegin', `<div id="${SHELL_SNAPSHOT_ELEMENT_ID}"></div>`);
    signIn(testUser('CUSTOMER'));
    renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(document.getElementById(SHELL_SNAPSHOT_ELEMENT_ID)).toBeNull();
    await screen.findByRole('heading', { name: 'Dashboard', level: 1 });
    expect(window.localStorage.getItem(storageKeys.shellSnapshot)).toBeNull();
    window.dispatchEvent(new Event('pagehide'));
    const { html } = JSON.parse(window.localStorage.getItem(storageKeys.shellSnapshot)!) as { html: string };
    expect(html).toContain('aria-label="Main menu"');
    expect(html).toContain(within(nav).getByRole('button', { name: 'Backup' }).textContent);
    // The page and its breadcrumbs are not kept: the next visit may be to another page.
    expect(html).not.toContain('<h1');
    expect(html).not.toContain('aria-label="breadcrumb"');
  });
});
