import { screen, waitFor } from '@testing-library/react';
import { authStore } from '@portal/auth-bridge';
import { loadRemote } from '@module-federation/enhanced/runtime';
import { menuStore } from '@portal/ui';
import { renderApp, resetApp, signIn, testUser } from '../testing/render-app';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../testing/mocks').federationRuntimeMock());
jest.mock('@portal/contracts/calls', () => jest.requireActual('../testing/mocks').callsMock());

const mockedLoadRemote = loadRemote as jest.Mock;

beforeEach(() => {
  resetApp();
  mockedLoadRemote.mockReset();
});

describe('app routes and guards', () => {
  it('shows a loading indicator while auth is not initialised', () => {
    renderApp('/dashboard');
    expect(screen.getByLabelText('Loading application')).toBeInTheDocument();
  });

  it('keeps the loading indicator until every persisted store has rehydrated', () => {
    const spy = jest.spyOn(menuStore.persist, 'hasHydrated').mockReturnValue(false);
    signIn(testUser('CUSTOMER'));
    renderApp('/dashboard');
    expect(screen.getByLabelText('Loading application')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).not.toBeInTheDocument();
    spy.mockRestore();
  });

  it('sends a signed-out user from /dashboard to the login page', async () => {
    authStore.getState().restore();
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/login');
  });

  it('sends a signed-in user from /login to the dashboard', async () => {
    signIn(testUser('CUSTOMER'));
    const { router } = renderApp('/login');
    expect(await screen.findByRole('heading', { name: 'Dashboard', level: 1 })).toBeInTheDocument();
    expect(router.location.pathname).toBe('/dashboard');
  });

  it('serves the account pages of the public routes', async () => {
    authStore.getState().restore();
    renderApp('/register');
    expect(await screen.findByRole('heading', { name: 'Register' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  it('shows a 403 page inside the shell for a route the role may not open', async () => {
    signIn(testUser('CUSTOMER'));
    renderApp('/user-management');
    expect(await screen.findByRole('heading', { name: '403' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(mockedLoadRemote).not.toHaveBeenCalled();
  });

  it('shows a 404 page inside the shell for an unknown path', async () => {
    signIn(testUser('ADMIN'));
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: '404' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
  });

  it('renders a remote page through loadRemote("<owner>/<Module>") with its breadcrumbs', async () => {
    mockedLoadRemote.mockResolvedValue({ default: () => <h1>Teams remote page</h1> });
    signIn(testUser('DIRECTCUSTOMER'));
    renderApp('/teams/exchange/42/backup');
    expect(await screen.findByRole('heading', { name: 'Teams remote page' })).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledWith('backup_sets/TeamsPage');
    const crumbs = screen.getByRole('navigation', { name: 'breadcrumb' });
    expect(crumbs).toHaveTextContent('Dashboard');
    expect(crumbs).toHaveTextContent('Backup');
    expect(crumbs).toHaveTextContent('Teams');
  });

  it('keeps the shell when a remote is down and shows the error panel', async () => {
    mockedLoadRemote.mockRejectedValue(new Error('ScriptNetworkError: 404'));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    signIn(testUser('ADMIN'));
    renderApp('/health-check');
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(/ScriptNetworkError: 404/)).toBeInTheDocument());
  });
});
