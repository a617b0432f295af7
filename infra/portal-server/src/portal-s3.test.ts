import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { createPortal } from './create-portal';
import { parseS3StoreSettings, type PortalSettings } from './settings';
import { portalSettingsIn, writeRemote } from './testing/portal-folders';
import { startTestS3, TEST_S3_CREDENTIALS, type TestS3 } from './testing/s3-test-server';

let tmp: string;
let s3: TestS3;
let settings: PortalSettings;
let app: FastifyInstance;
const savedEnv = { ...process.env };
jest.setTimeout(60_000);

beforeAll(async () => {
  s3 = await startTestS3();
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-s3-'));
  // The SDK reads credentials from the environment, as it does in production.
  Object.assign(process.env, TEST_S3_CREDENTIALS);
  settings = {
    ...portalSettingsIn(tmp),
    s3RemoteStore: parseS3StoreSettings({ REMOTE_STORE_URL: `s3://${s3.bucket}/portal/remotes`, S3_ENDPOINT: s3.endpoint }),
  };
  writeRemote(settings.remotesDir, 'support', 'support', 'var fromBucket = 1;');
  app = await createPortal(settings, { JWT_SECRET: 'x'.repeat(40) });
});
afterAll(async () => {
  await app.close();
  await s3.stop();
  fs.rmSync(tmp, { recursive: true, force: true });
  process.env = savedEnv;
});

test('with REMOTE_STORE_URL the versions live in the bucket and the portal serves them from there', async () => {
  const { remotes } = (await app.inject('/remotes.json')).json();
  expect(remotes[0]).toMatchObject({ name: 'support', version: expect.stringMatching(/^1\.2\.3-/), integrity: expect.stringMatching(/^sha384-/) });
  expect(fs.existsSync(settings.remoteStoreDir)).toBe(false);

  const entry = await app.inject({ url: remotes[0].entry, headers: { 'accept-encoding': 'br' } });
  expect(entry.statusCode).toBe(200);
  expect(entry.headers['content-encoding']).toBe('br');
  expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(entry.headers['access-control-allow-origin']).toBe('*');
  expect(zlib.brotliDecompressSync(entry.rawPayload).toString()).toBe('var fromBucket = 1;');

  const manifest = await app.inject(remotes[0].entry.replace('remoteEntry.js', 'mf-manifest.json'));
  expect(manifest.headers['cache-control']).toBe('no-store');
  expect(manifest.json()).toEqual({ name: 'support' });
  expect((await app.inject('/remotes/support/0.0.0-gone/remoteEntry.js')).statusCode).toBe(404);
});

test('REMOTE_STORE_URL is parsed strictly', () => {
  expect(parseS3StoreSettings({})).toBeUndefined();
  expect(parseS3StoreSettings({ REMOTE_STORE_URL: 's3://bucket' })).toEqual({ bucket: 'bucket', prefix: '', endpoint: undefined, region: 'us-east-1', forcePathStyle: false });
  expect(parseS3StoreSettings({ REMOTE_STORE_URL: 's3://b-1/a/b/', S3_ENDPOINT: 'http://x:9000', S3_REGION: 'eu-west-1' })).toEqual({
    bucket: 'b-1',
    prefix: 'a/b',
    endpoint: 'http://x:9000',
    region: 'eu-west-1',
    forcePathStyle: true,
  });
  expect(() => parseS3StoreSettings({ REMOTE_STORE_URL: 'https://bucket/x' })).toThrow(/s3:\/\/bucket\/prefix/);
  expect(() => parseS3StoreSettings({ REMOTE_STORE_URL: 's3://bucket/../x' })).toThrow(/\.\./);
});
