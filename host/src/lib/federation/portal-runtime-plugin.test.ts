import { CHUNK_LOAD_TIMEOUT_MS } from '@portal/config';
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

describe('registry parsing', () => {
  it('keeps well-formed entries and drops malformed ones', () => {
    expect(parseRegistry({ remotes: [{ name: 'a', entry: '/a.js' }, { name: 1 }, null] })).toEqual([
      { name: 'a', version: '', entry: '/a.js', integrity: undefined },
    ]);
    expect(parseRegistry(null)).toEqual([]);
  });
});
