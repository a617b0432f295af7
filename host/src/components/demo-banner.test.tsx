import { screen } from '@testing-library/react';
import { authStore } from '@portal/auth-bridge';
import { demoModeStore } from '../lib/demo-mode-store';
import { fetchRuntimeConfig } from '../lib/federation/runtime-config';
import { renderApp, resetApp, signIn, testUser } from '../testing/render-app';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../testing/mocks').federationRuntimeMock());
jest.mock('@portal/contracts/calls', () => jest.requireActual('../testing/mocks').callsMock());

beforeEach(() => {
  resetApp();
  authStore.getState().restore();
});

const banner = () => screen.queryByRole('note', { name: 'Demo mode' });

describe('DemoBanner', () => {
  it('tells everyone on the sign-in page that the portal holds demo data', async () => {
    demoModeStore.getState().setDemo(true);
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(banner()).toHaveTextContent('Demo portal: sample data and accounts with known passwords.');
  });

  it('shows on every page of the signed-in shell too', async () => {
    demoModeStore.getState().setDemo(true);
    signIn(testUser('CUSTOMER'));
    renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Main menu' });
    expect(banner()).toBeInTheDocument();
  });

  it('is absent when the server is not in demo mode', async () => {
    renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(banner()).not.toBeInTheDocument();
  });
});

describe('fetchRuntimeConfig demo flag', () => {
  const answer = (body: unknown) => jest.fn().mockResolvedValue({ ok: true, json: async () => body }) as unknown as typeof fetch;

  it('is on only when the server says exactly true', async () => {
    expect((await fetchRuntimeConfig(answer({ apiBase: '/backend/', demo: true }))).demo).toBe(true);
    expect((await fetchRuntimeConfig(answer({ apiBase: '/backend/', demo: 'yes' }))).demo).toBe(false);
    expect((await fetchRuntimeConfig(answer({ apiBase: '/backend/' }))).demo).toBe(false);
  });
});
