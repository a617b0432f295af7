import { loadRemote } from '@module-federation/enhanced/runtime';
import { authStore } from '@portal/auth-bridge';
import { request } from '@portal/request';
import { initFederation, loadRemoteComponent, resetFederationState } from './federation';
import type { RegistryEntry } from './registry';
import { reportRemoteLoad, resetReportedLoads } from './report-load';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../../testing/mocks').federationRuntimeMock());
jest.mock('@portal/request', () => ({ ...jest.requireActual('@portal/request'), request: jest.fn().mockResolvedValue({ recorded: true }) }));

const entry: RegistryEntry = { name: 'support', version: '2.0.0', entry: '/remotes/support/2.0.0/remoteEntry.js', integrity: 'sha384-X', fallbacks: [] };
const loadCalls = () => (request as jest.Mock).mock.calls.filter(([options]) => String(options.url).endsWith('/loads'));

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  resetFederationState();
  resetReportedLoads();
  (loadRemote as jest.Mock).mockReset();
  (request as jest.Mock).mockClear();
  authStore.setState({ isLoggedIn: true });
  initFederation([entry], [], { registryRefreshMs: 60_000 });
});

test('reports a loaded remote version once per tab session, with its load time', async () => {
  (loadRemote as jest.Mock).mockResolvedValue({ default: () => null });
  await loadRemoteComponent('support', './SupportPage');
  await loadRemoteComponent('support', './OtherPage');
  expect(loadCalls()).toEqual([[{ method: 'POST', url: 'api/remotes/support/loads', data: { version: '2.0.0', ms: expect.any(Number) }, anonymous: false }]]);
  expect(loadCalls()[0][0].data.ms).toBeGreaterThanOrEqual(0);
  expect(JSON.parse(sessionStorage.getItem('portal.remoteLoadsReported') ?? '[]')).toEqual(['support@2.0.0']);
});

test('a failed load is not reported as a load', async () => {
  (loadRemote as jest.Mock).mockRejectedValue(new Error('404'));
  await expect(loadRemoteComponent('support', './SupportPage')).rejects.toThrow('404');
  expect(loadCalls()).toEqual([]);
});

test('nothing is sent when signed out, or again after a reload of the tab (sessionStorage)', async () => {
  authStore.setState({ isLoggedIn: false });
  await reportRemoteLoad('support', '2.0.0', 10);
  expect(loadCalls()).toEqual([]);
  authStore.setState({ isLoggedIn: true });
  sessionStorage.setItem('portal.remoteLoadsReported', JSON.stringify(['support@2.0.0']));
  await reportRemoteLoad('support', '2.0.0', 10);
  expect(loadCalls()).toEqual([]);
  await reportRemoteLoad('support', '2.1.0', 12.6);
  expect(loadCalls()).toEqual([[{ method: 'POST', url: 'api/remotes/support/loads', data: { version: '2.1.0', ms: 13 }, anonymous: false }]]);
});
