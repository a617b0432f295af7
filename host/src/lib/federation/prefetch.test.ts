import { loadRemote } from '@module-federation/enhanced/runtime';
import { waitFor } from '@testing-library/react';
import { initFederation, resetFederationState } from './federation';
import { prefetchRemoteEntry, prefetchRoute, prefetchRouteFiles, resetPrefetches } from './prefetch';
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

describe('prefetchRouteFiles (the idle moment)', () => {
  const manifest = {
    exposes: [
      { path: './SupportPage', assets: { js: { sync: ['12.abc.js', '__federation_expose_SupportPage.def.js'], async: [] } } },
      { path: './OtherPage', assets: { js: { sync: ['99.zzz.js'], async: [] } } },
    ],
  };
  const fetched = () => (global.fetch as jest.Mock).mock.calls.map(([url]: [unknown]) => String(url));
  const hints = () =>
    [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => `${link.getAttribute('as')} ${new URL(link.href).pathname}`);

  beforeEach(() => {
    document.head.innerHTML = '';
    global.fetch = jest.fn(async (url: unknown) => ({
      ok: true,
      json: async () => (String(url).startsWith('/remote-integrity/') ? { files: { 'remoteEntry.js': 'sha384-X' } } : manifest),
    })) as unknown as typeof fetch;
  });

  test("downloads the remote's entry and the module's own files, once, without running any of it", async () => {
    await prefetchRouteFiles({ owner: 'support', module: './SupportPage' });
    await prefetchRouteFiles({ owner: 'support', module: './SupportPage' });
    expect(fetched()).toEqual(['/remote-integrity/support/2.0.0', `${window.location.origin}/remotes/support/2.0.0/mf-manifest.json`]);
    expect(hints()).toEqual([
      'script /remotes/support/2.0.0/remoteEntry.js',
      'script /remotes/support/2.0.0/12.abc.js',
      'script /remotes/support/2.0.0/__federation_expose_SupportPage.def.js',
    ]);
    expect(loadRemote).not.toHaveBeenCalled();
  });

  test("prefetchRemoteEntry downloads only the remote's entry and its version's file hashes, once, also after its page's files", async () => {
    prefetchRemoteEntry('support');
    expect(hints()).toEqual(['script /remotes/support/2.0.0/remoteEntry.js']);
    expect(fetched()).toEqual(['/remote-integrity/support/2.0.0']);
    await prefetchRouteFiles({ owner: 'support', module: './SupportPage' });
    prefetchRemoteEntry('support');
    expect(hints()).toEqual([
      'script /remotes/support/2.0.0/remoteEntry.js',
      'script /remotes/support/2.0.0/12.abc.js',
      'script /remotes/support/2.0.0/__federation_expose_SupportPage.def.js',
    ]);
    expect(fetched().filter((url) => url.includes('remote-integrity'))).toHaveLength(1);
    expect(loadRemote).not.toHaveBeenCalled();
  });

  test('prefetchRemoteEntry leaves the host, unknown remotes and other origins alone', () => {
    prefetchRemoteEntry('host');
    prefetchRemoteEntry('admin_ops');
    resetFederationState();
    initFederation([{ ...entry, entry: 'https://cdn.example.com/support/remoteEntry.js' }], ['https://cdn.example.com'], { registryRefreshMs: 60_000 });
    prefetchRemoteEntry('support');
    expect(hints()).toEqual([]);
    expect(global.fetch).not.toHaveBeenCalled();
  });

  test('without a readable manifest the entry is still fetched; host pages, unknown remotes and other origins are left alone', async () => {
    (global.fetch as jest.Mock).mockRejectedValue(new TypeError('Failed to fetch'));
    await prefetchRouteFiles({ owner: 'support', module: './SupportPage' });
    expect(hints()).toEqual(['script /remotes/support/2.0.0/remoteEntry.js']);
    document.head.innerHTML = '';
    await prefetchRouteFiles({ owner: 'host', module: './DashboardPage' });
    await prefetchRouteFiles({ owner: 'admin_ops', module: './UserActivityPage' });
    resetFederationState();
    initFederation([{ ...entry, entry: 'https://cdn.example.com/support/remoteEntry.js' }], ['https://cdn.example.com'], { registryRefreshMs: 60_000 });
    await prefetchRouteFiles({ owner: 'support', module: './OtherPage' });
    expect(hints()).toEqual([]);
  });
});
