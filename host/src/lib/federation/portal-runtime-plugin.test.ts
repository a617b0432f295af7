import { CHUNK_LOAD_TIMEOUT_MS } from '@portal/config';
import { resetFileIntegrity } from './file-integrity';
import { createPortalRuntimePlugin } from './portal-runtime-plugin';
import { RemoteLoadError } from './remote-load-error';
import { createRemotePolicy } from './remote-policy';
import { parseRegistry } from './registry';

const origin = window.location.origin;
const INTEGRITY = 'sha384-abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcd';

const registry = parseRegistry({
  remotes: [
    { name: 'support', version: '0.1.0-aa', entry: '/remotes/support/0.1.0-aa/remoteEntry.js', integrity: INTEGRITY },
    { name: 'admin_ops', version: '0.1.0-bb', entry: '/remotes/admin_ops/0.1.0-bb/remoteEntry.js' },
    { name: 'backup_sets', version: '0.1.0-cc', entry: 'https://cdn.example.com/remotes/backup_sets/remoteEntry.js', integrity: INTEGRITY },
  ],
});

type CreateScript = (args: { url: string; remoteInfo?: { name: string } }) => { script: HTMLScriptElement; timeout: number } | undefined;

function pluginWith(extraOrigins: string[] = []) {
  const policy = createRemotePolicy(registry, extraOrigins, origin);
  const plugin = createPortalRuntimePlugin(() => policy);
  return { plugin, createScript: plugin.createScript as unknown as CreateScript };
}

describe('portal runtime plugin', () => {
  it('pins the registry integrity and crossOrigin on the remote entry script, with the spec timeout', () => {
    const { createScript } = pluginWith();
    const url = `${origin}/remotes/support/0.1.0-aa/remoteEntry.js`;
    const result = createScript({ url, remoteInfo: { name: 'support' } })!;
    expect(result.script.src).toBe(url);
    expect(result.script.integrity).toBe(INTEGRITY);
    expect(result.script.crossOrigin).toBe('anonymous');
    expect(result.timeout).toBe(CHUNK_LOAD_TIMEOUT_MS);
  });

  it('fails closed when the remote has no integrity hash', () => {
    const { createScript } = pluginWith();
    expect(() =>
      createScript({ url: `${origin}/remotes/admin_ops/0.1.0-bb/remoteEntry.js`, remoteInfo: { name: 'admin_ops' } }),
    ).toThrow(/no integrity hash/);
  });

  it('fails closed for an origin that is not allow-listed, and allows it once listed', () => {
    const url = 'https://cdn.example.com/remotes/backup_sets/remoteEntry.js';
    expect(() => pluginWith().createScript({ url, remoteInfo: { name: 'backup_sets' } })).toThrow(/not an allowed origin/);
    expect(pluginWith(['https://cdn.example.com']).createScript({ url, remoteInfo: { name: 'backup_sets' } })!.script.integrity).toBe(
      INTEGRITY,
    );
  });

  it('refuses a remote that is not in the registry or whose URL differs from it', () => {
    const { createScript } = pluginWith();
    expect(() => createScript({ url: `${origin}/x/remoteEntry.js`, remoteInfo: { name: 'unknown' } })).toThrow(/not in the remotes registry/);
    expect(() => createScript({ url: `${origin}/evil/remoteEntry.js`, remoteInfo: { name: 'support' } })).toThrow(/does not match/);
  });

  it('turns load failures into a RemoteLoadError carrying the refusal reason', async () => {
    const { plugin, createScript } = pluginWith();
    expect(() => createScript({ url: `${origin}/remotes/admin_ops/0.1.0-bb/remoteEntry.js`, remoteInfo: { name: 'admin_ops' } })).toThrow();
    const errorLoadRemote = plugin.errorLoadRemote as unknown as (args: object) => Promise<unknown>;
    await expect(
      errorLoadRemote({ id: 'admin_ops/HealthCheckPage', error: new Error('RUNTIME-008'), lifecycle: 'onLoad', from: 'runtime' }),
    ).rejects.toEqual(expect.objectContaining({ name: 'RemoteLoadError', remoteName: 'admin_ops', message: expect.stringMatching(/no integrity/) }));
    await expect(
      errorLoadRemote({ id: 'support/SupportPage', error: new Error('404'), lifecycle: 'onLoad', from: 'runtime' }),
    ).rejects.toBeInstanceOf(RemoteLoadError);
  });

  it('skips a broken remote while sharing is negotiated instead of failing the host', async () => {
    const { plugin } = pluginWith();
    const errorLoadRemote = plugin.errorLoadRemote as unknown as (args: object) => Promise<unknown>;
    await expect(errorLoadRemote({ id: 'support', error: new Error('x'), lifecycle: 'beforeLoadShare', from: 'runtime' })).resolves.toBeUndefined();
  });
});

describe('hashes of every script of a remote version', () => {
  type LoadEntry = (args: { remoteInfo: { name: string; entry: string } }) => Promise<unknown>;
  const CHUNK_HASH = `sha384-${'A'.repeat(64)}`;
  const integrityGlobal = () => (window as unknown as { __portalIntegrity__?: Record<string, Record<string, string>> }).__portalIntegrity__;
  let fetchMock: jest.Mock;

  beforeEach(() => {
    resetFileIntegrity();
    fetchMock = jest.fn();
    jest.spyOn(globalThis, 'fetch').mockImplementation(fetchMock);
  });
  afterEach(() => jest.restoreAllMocks());

  it("fetches the server's recorded hashes of a version before its entry loads, once per page, for its chunk loader", async () => {
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ files: { '7.ab.js': CHUNK_HASH } }), { status: 200 }));
    const loadEntry = pluginWith().plugin.loadEntry as unknown as LoadEntry;
    const remoteInfo = { name: 'support', entry: `${origin}/remotes/support/0.1.0-aa/remoteEntry.js` };
    await expect(loadEntry({ remoteInfo })).resolves.toBeUndefined();
    await loadEntry({ remoteInfo });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe('/remote-integrity/support/0.1.0-aa');
    expect(integrityGlobal()).toEqual({ [`${origin}/remotes/support/0.1.0-aa/`]: { '7.ab.js': CHUNK_HASH } });
  });

  it('fails the load when the hashes cannot be had (so the fallback takes over), and tries again on the next load', async () => {
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ errorMessage: 'Not found' }), { status: 404 }));
    fetchMock.mockResolvedValueOnce(new Response(JSON.stringify({ files: { '7.ab.js': 'md5-x' } }), { status: 200 }));
    const loadEntry = pluginWith().plugin.loadEntry as unknown as LoadEntry;
    const remoteInfo = { name: 'support', entry: `${origin}/remotes/support/0.1.0-aa/remoteEntry.js` };
    await expect(loadEntry({ remoteInfo })).rejects.toThrow(/file hashes of support 0.1.0-aa could not be read \(HTTP 404\)/);
    await expect(loadEntry({ remoteInfo })).rejects.toThrow(/could not be read \(HTTP 200\)/);
    expect(integrityGlobal()).toBeUndefined();
  });

  it('gives no hashes for an entry other than the registry\'s (createScript refuses it anyway)', async () => {
    const loadEntry = pluginWith().plugin.loadEntry as unknown as LoadEntry;
    await loadEntry({ remoteInfo: { name: 'support', entry: `${origin}/evil/remoteEntry.js` } });
    await loadEntry({ remoteInfo: { name: 'unknown', entry: `${origin}/remotes/unknown/1/remoteEntry.js` } });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('registry parsing', () => {
  it('keeps well-formed entries and drops malformed ones', () => {
    expect(parseRegistry({ remotes: [{ name: 'a', entry: '/a.js' }, { name: 1 }, null] })).toEqual([
      { name: 'a', version: '', entry: '/a.js', integrity: undefined },
    ]);
    expect(parseRegistry(null)).toEqual([]);
  });
});
