import { loadRemote } from '@module-federation/enhanced/runtime';
import { waitFor } from '@testing-library/react';
import { initFederation, resetFederationState } from './federation';
import { prefetchRoute, resetPrefetches } from './prefetch';
import type { RegistryEntry } from './registry';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../../testing/mocks').federationRuntimeMock());
jest.mock('@portal/request', () => ({ ...jest.requireActual('@portal/request'), request: jest.fn().mockResolvedValue({}) }));

const entry: RegistryEntry = { name: 'support', version: '2.0.0', entry: '/remotes/support/2.0.0/remoteEntry.js', integrity: 'sha384-X', fallbacks: [] };

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  resetFederationState();
  resetPrefetches();
  (loadRemote as jest.Mock).mockReset();
  initFederation([entry], [], { registryRefreshMs: 60_000 });
});

test('loads a remote route module once, however often its menu entry is pointed at', async () => {
  (loadRemote as jest.Mock).mockResolvedValue({ default: () => null });
  prefetchRoute({ owner: 'support', module: './SupportPage' });
  prefetchRoute({ owner: 'support', module: './SupportPage' });
  await waitFor(() => expect(loadRemote).toHaveBeenCalledWith('support/SupportPage'));
  expect(loadRemote).toHaveBeenCalledTimes(1);
});

test('does nothing for host pages or an unknown route', () => {
  prefetchRoute({ owner: 'host', module: './DashboardPage' });
  prefetchRoute(undefined);
  expect(loadRemote).not.toHaveBeenCalled();
});

test('a prefetch that fails stays quiet: the route shows the failure when opened', async () => {
  (loadRemote as jest.Mock).mockRejectedValue(new Error('ScriptNetworkError'));
  expect(() => prefetchRoute({ owner: 'support', module: './SupportTicketsPage' })).not.toThrow();
  await waitFor(() => expect(loadRemote).toHaveBeenCalled());
});
