import { screen, waitFor, within } from '@testing-library/react';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { ROLES } from '@portal/config';
import { MENU, menuForRole } from '../features/shell/lib/menu-items';
import { renderApp, resetApp, signIn, testUser } from '../testing/render-app';
import { demoModeStore } from '../lib/demo-mode-store';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../testing/mocks').federationRuntimeMock());
jest.mock('@portal/contracts/calls', () => jest.requireActual('../testing/mocks').callsMock());

beforeEach(() => {
  resetApp();
  (loadRemote as jest.Mock).mockReset();
});

const hasOutbox = (role: (typeof ROLES)[keyof typeof ROLES], demo: boolean) =>
  menuForRole(role, MENU, demo).some((n) => n.type === 'item' && n.routeId === 'outbox');

describe('the demo Outbox page', () => {
  it('is in the menu for ADMIN in demo mode only', () => {
    expect(hasOutbox(ROLES.ADMIN, true)).toBe(true);
    expect(hasOutbox(ROLES.ADMIN, false)).toBe(false);
    for (const role of [ROLES.PARTNER, ROLES.DIRECTPARTNER, ROLES.CUSTOMER, ROLES.DIRECTCUSTOMER]) expect(hasOutbox(role, true)).toBe(false);
  });

  it("opens admin-ops' page for ADMIN in demo mode", async () => {
    demoModeStore.getState().setDemo(true);
    signIn(testUser('ADMIN'));
    renderApp('/outbox');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' }, { timeout: 10_000 });
    expect(within(nav).getByRole('button', { name: 'Outbox' })).toHaveClass('Mui-selected');
    await waitFor(() => expect(loadRemote).toHaveBeenCalledWith('admin_ops/OutboxPage'));
    expect(screen.queryByText('Page not found')).not.toBeInTheDocument();
    expect(screen.queryByText('Access denied')).not.toBeInTheDocument();
  });

  it('does not exist outside demo mode, and is forbidden to other roles', async () => {
    signIn(testUser('ADMIN'));
    const { unmount } = renderApp('/outbox');
    expect(await screen.findByText('Page not found', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(loadRemote).not.toHaveBeenCalledWith('admin_ops/OutboxPage');
    unmount();

    demoModeStore.getState().setDemo(true);
    signIn(testUser('PARTNER'));
    renderApp('/outbox');
    expect(await screen.findByText('Access denied')).toBeInTheDocument();
    expect(loadRemote).not.toHaveBeenCalledWith('admin_ops/OutboxPage');
  });
});
