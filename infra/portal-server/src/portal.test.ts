import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { leaseDatabase } from '@portal/api/src/test/pglite-pool';
import { API_START_TIMEOUT_MS } from '@portal/api';
import { createPortal } from './create-portal';
import type { PortalSettings } from './settings';
import { portalSettingsIn, writeRemote } from './testing/portal-folders';

let tmp: string;
let settings: PortalSettings;
let app: FastifyInstance;

// The first lease of a worker boots PGlite and migrates it.
jest.setTimeout(60_000);

beforeAll(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-server-'));
});
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

beforeEach(async () => {
  settings = portalSettingsIn(fs.mkdtempSync(path.join(tmp, 'case-')));
  fs.writeFileSync(path.join(settings.hostDist, 'main.abc123.js'), 'console.log(1)');
  writeRemote(settings.remotesDir, 'support', 'support', 'var support = 1;');
  app = await createPortal(settings, { JWT_SECRET: 'x'.repeat(40), PORTAL_VERSION: '9.9.9' }, await leaseDatabase('migrated'));
});
afterEach(async () => app.close());

test('publishes local remote builds into versioned folders and lists them in /remotes.json (no-store)', async () => {
  const res = await app.inject('/remotes.json');
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  const { remotes } = res.json();
  expect(remotes).toHaveLength(1);
  expect(remotes[0]).toMatchObject({ name: 'support', version: expect.stringMatching(/^1\.2\.3-[0-9a-f]{10}$/) });
  expect(remotes[0].integrity).toMatch(/^sha384-/);
  const entry = await app.inject(remotes[0].entry);
  expect(entry.statusCode).toBe(200);
  expect(entry.body).toBe('var support = 1;');
  expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const compressed = await app.inject({ url: remotes[0].entry, headers: { 'accept-encoding': 'br, gzip' } });
  expect(compressed.headers['content-encoding']).toBe('br');
  expect(compressed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
});

test('mf-manifest.json is served no-store, missing remote files answer 404 JSON', async () => {
  const { remotes } = (await app.inject('/remotes.json')).json();
  const manifest = await app.inject(remotes[0].entry.replace('remoteEntry.js', 'mf-manifest.json'));
  expect(manifest.headers['cache-control']).toBe('no-store');
  const gzManifest = await app.inject({
    url: remotes[0].entry.replace('remoteEntry.js', 'mf-manifest.json'),
    headers: { 'accept-encoding': 'gzip' },
  });
  expect(gzManifest.headers['content-encoding']).toBe('gzip');
  expect(gzManifest.headers['cache-control']).toBe('no-store');
  const missing = await app.inject('/remotes/support/0.0.0-gone/remoteEntry.js');
  expect(missing.statusCode).toBe(404);
  expect(missing.json()).toEqual({ errorMessage: 'Not found' });
});

test('a restart keeps the pointer on a rolled-back version; a new build becomes current', async () => {
  const first = (await app.inject('/remotes.json')).json().remotes[0].version;
  await app.close();
  // From here on the database lives in DATA_DIR, as in production, so it outlives each restart.
  writeRemote(settings.remotesDir, 'support', 'support', 'var support = 2;');
  app = await createPortal(settings, { JWT_SECRET: 'x'.repeat(40) });
  const second = (await app.inject('/remotes.json')).json().remotes[0].version;
  expect(second).not.toBe(first);
  // both immutable folders remain
  expect(fs.existsSync(path.join(settings.remoteStoreDir, 'support', first, 'remoteEntry.js'))).toBe(true);
  expect(fs.existsSync(path.join(settings.remoteStoreDir, 'support', second, 'remoteEntry.js'))).toBe(true);
  await app.close();
  app = await createPortal(settings, { JWT_SECRET: 'x'.repeat(40) });
  expect((await app.inject('/remotes.json')).json().remotes[0].version).toBe(second);
});

test('page routes fall back to the app shell; API and file paths do not', async () => {
  for (const url of ['/', '/login', '/dashboard', '/view-users/m365/42/backup']) {
    const res = await app.inject(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  }
  expect((await app.inject('/main.abc123.js')).headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect((await app.inject('/backend/api/nothing-here')).statusCode).toBe(404);
  expect((await app.inject('/missing.js')).statusCode).toBe(404);
});

test('mounts the API under /backend/ with the spec paths', async () => {
  const version = await app.inject('/backend/platform/version');
  expect(version.json()).toEqual({ version: '9.9.9' });
  const config = await app.inject('/runtime-config.json');
  expect(config.json()).toMatchObject({ apiBase: '/backend/', demo: false });
  expect(config.headers['cache-control']).toBe('no-store');
  // The API's start does real work (engine, demo tenant): Fastify's 10 s default failed a loaded CI run.
  expect(app.initialConfig.pluginTimeout).toBe(API_START_TIMEOUT_MS);
});
