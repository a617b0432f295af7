import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { authStore } from '@portal/auth-bridge';
import { request } from '@portal/request';
import { GOOD_VERSIONS_KEY, rememberGoodVersion } from './good-versions';
import { fallbackFor, handleRemoteFailure, initFederation, loadRemoteComponent, resetFederationState } from './federation';
import { remoteNotices } from './remote-notices';
import type { RegistryEntry } from './registry';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../../testing/mocks').federationRuntimeMock());
jest.mock('@portal/request', () => ({ ...jest.requireActual('@portal/request'), request: jest.fn().mockResolvedValue({ recorded: true }) }));

const current: RegistryEntry = {
  name: 'support',
  version: '1.1.0-new',
  entry: '/remotes/support/1.1.0-new/remoteEntry.js',
  integrity: 'sha384-NEW',
  fallbacks: [
    { version: '1.0.0-old', entry: '/remotes/support/1.0.0-old/remoteEntry.js', integrity: 'sha384-OLD' },
    { version: '0.9.0-older', entry: '/remotes/support/0.9.0-older/remoteEntry.js', integrity: 'sha384-OLDER' },
  ],
};

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  localStorage.clear();
  resetFederationState();
  remoteNotices.reset();
  (loadRemote as jest.Mock).mockReset();
  (registerRemotes as jest.Mock).mockReset();
  (request as jest.Mock).mockClear();
  authStore.setState({ isLoggedIn: true });
  initFederation([current], [], { registryRefreshMs: 60_000 });
});

test('no fallback without a version that worked in this browser: the failure is still reported', () => {
  expect(handleRemoteFailure('support', 'render', new Error('boom'))).toBe(false);
  expect(request).toHaveBeenCalledWith({
    method: 'POST',
    url: 'api/remotes/support/failures',
    data: { version: '1.1.0-new', kind: 'render', message: 'boom' },
    // Sent through callRoute: the route's session access keeps the identity headers.
    anonymous: false,
  });
  expect(remoteNotices.getSnapshot()).toEqual([]);
});

test('falls back to the remembered version with the entry and integrity from the registry, and says so', () => {
  rememberGoodVersion('support', '1.0.0-old');
  expect(fallbackFor('support')).toMatchObject({ version: '1.0.0-old', integrity: 'sha384-OLD' });
  expect(handleRemoteFailure('support', 'render', new Error('boom'))).toBe(true);
  expect(registerRemotes).toHaveBeenLastCalledWith([{ name: 'support', entry: '/remotes/support/1.0.0-old/remoteEntry.js' }], { force: true });
  expect(remoteNotices.getSnapshot().map((n) => n.message)).toEqual(['Support could not be loaded; showing the previous version.']);
  // the fallback failing too leaves nothing to fall back to (no loop)
  expect(handleRemoteFailure('support', 'load', new Error('again'))).toBe(false);
});

test('a remembered version the server no longer lists is never loaded (no integrity to pin)', () => {
  localStorage.setItem(GOOD_VERSIONS_KEY, JSON.stringify({ support: '0.1.0-gone' }));
  expect(fallbackFor('support')).toBeUndefined();
});

test('loadRemoteComponent falls back when the current entry fails to load (e.g. integrity mismatch)', async () => {
  rememberGoodVersion('support', '1.0.0-old');
  const Page = () => null;
  (loadRemote as jest.Mock).mockRejectedValueOnce(new Error('integrity mismatch')).mockResolvedValueOnce({ default: Page });
  const loaded = await loadRemoteComponent('support', './SupportPage');
  expect(typeof loaded.default).toBe('function');
  expect(loadRemote).toHaveBeenCalledTimes(2);
  expect(request).toHaveBeenCalledWith(expect.objectContaining({ data: expect.objectContaining({ version: '1.1.0-new', kind: 'load' }) }));
  expect(remoteNotices.getSnapshot()).toHaveLength(1);
});

test('two loads of the same remote failing at once both end on the fallback, which is never blamed for the other failure', async () => {
  rememberGoodVersion('support', '1.0.0-old');
  const Page = () => null;
  // Both loads start on the current version and fail only after both are under way, as when a
  // route mounts twice while the entry is refused.
  let refuse: (error: Error) => void = () => undefined;
  const refused = new Promise<never>((_, reject) => {
    refuse = reject;
  });
  (loadRemote as jest.Mock).mockReturnValueOnce(refused).mockReturnValueOnce(refused).mockResolvedValue({ default: Page });
  const first = loadRemoteComponent('support', './SupportPage');
  const second = loadRemoteComponent('support', './SupportPage');
  await new Promise((resolve) => setTimeout(resolve, 0));
  refuse(new Error('integrity mismatch'));
  await expect(first).resolves.toMatchObject({ version: '1.0.0-old' });
  await expect(second).resolves.toMatchObject({ version: '1.0.0-old' });
  const reports = (request as jest.Mock).mock.calls.map(([options]) => options.data).filter((data) => data?.kind === 'load' && 'message' in data);
  expect(reports).toEqual([{ version: '1.1.0-new', kind: 'load', message: 'integrity mismatch' }]);
  expect(remoteNotices.getSnapshot()).toHaveLength(1);
});
