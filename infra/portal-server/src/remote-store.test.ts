import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createFolderRemoteStore, type RemoteStore } from './remote-store';
import { createS3RemoteStore } from './remote-store-s3';
import { startTestS3, type TestS3 } from './testing/s3-test-server';

let tmp: string;
let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(async () => s3.stop());
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-store-'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

function dist(source: string): string {
  const dir = fs.mkdtempSync(path.join(tmp, 'dist-'));
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), source);
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), '{"name":"support"}');
  fs.mkdirSync(path.join(dir, 'static', 'js'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'static', 'js', 'page.1a2b.js'), `/* chunk of ${source} */`);
  return dir;
}

const sri = (text: string) => `sha384-${crypto.createHash('sha384').update(text).digest('base64')}`;

let prefixCount = 0;
const stores: [string, () => RemoteStore][] = [
  ['folder', () => createFolderRemoteStore(path.join(tmp, 'store'))],
  ['s3', () => createS3RemoteStore({ bucket: s3.bucket, prefix: `case-${++prefixCount}/remotes`, region: 'us-east-1', forcePathStyle: true }, s3.client)],
];

describe.each(stores)('%s remote store', (_kind, open) => {
  test('publishes an immutable version and reports the integrity of the stored entry', async () => {
    const store = open();
    const published = await store.publish({ name: 'support', distDir: dist('var a = 1;'), packageVersion: '1.0.0' });
    expect(published.version).toMatch(/^1\.0\.0-[0-9a-f]{10}$/);
    expect(published.integrity).toBe(sri('var a = 1;'));
    expect(await store.inspect('support', published.version)).toMatchObject({
      entry: `/remotes/support/${published.version}/remoteEntry.js`,
      integrity: sri('var a = 1;'),
    });
    // the same bytes land in the same version; other bytes in another
    expect((await store.publish({ name: 'support', distDir: dist('var a = 1;'), packageVersion: '1.0.0' })).version).toBe(published.version);
    expect((await store.publish({ name: 'support', distDir: dist('var a = 2;'), packageVersion: '1.0.0' })).version).not.toBe(published.version);
  });

  test('inspect answers null for unknown versions and unsafe names', async () => {
    const store = open();
    expect(await store.inspect('support', '9.9.9-none')).toBeNull();
    expect(await store.inspect('..', 'x')).toBeNull();
    expect(await store.inspect('support', '../../etc')).toBeNull();
  });
});

test('the folder store writes precompressed siblings for the static server', async () => {
  const store = createFolderRemoteStore(path.join(tmp, 'store'));
  const { version } = await store.publish({ name: 'support', distDir: dist('var a = 1;'), packageVersion: '1.0.0' });
  expect(fs.existsSync(path.join(tmp, 'store', 'support', version, 'remoteEntry.js.br'))).toBe(true);
  expect(fs.existsSync(path.join(tmp, 'store', 'support', version, 'static', 'js', 'page.1a2b.js.gz'))).toBe(true);
});

describe('s3 remote store', () => {
  const open = (prefix: string) => createS3RemoteStore({ bucket: s3.bucket, prefix, region: 'us-east-1', forcePathStyle: true }, s3.client);

  test('uploads every file of the version under the prefix, with br and gzip variants', async () => {
    const store = open('deep/prefix');
    const { version } = await store.publish({ name: 'support', distDir: dist('var b = 1;'), packageVersion: '2.0.0' });
    const listed = await s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `deep/prefix/support/${version}/` }));
    const keys = (listed.Contents ?? []).map((o) => o.Key!.slice(`deep/prefix/support/${version}/`.length)).sort();
    expect(keys).toEqual(
      expect.arrayContaining(['.published.json', 'mf-manifest.json', 'remoteEntry.js', 'remoteEntry.js.br', 'remoteEntry.js.gz', 'static/js/page.1a2b.js']),
    );
  });

  test('readFile negotiates the encoding and returns the stored bytes', async () => {
    const store = open('serve');
    const { version } = await store.publish({ name: 'support', distDir: dist('var c = 1;'), packageVersion: '1.0.0' });
    const br = await store.readFile!('support', version, 'remoteEntry.js', 'gzip, deflate, br');
    expect(br).toMatchObject({ contentEncoding: 'br', contentType: 'application/javascript; charset=utf-8' });
    expect(zlib.brotliDecompressSync(br!.body).toString()).toBe('var c = 1;');
    const gz = await store.readFile!('support', version, 'remoteEntry.js', 'gzip');
    expect(gz?.contentEncoding).toBe('gzip');
    expect(zlib.gunzipSync(gz!.body).toString()).toBe('var c = 1;');
    const plain = await store.readFile!('support', version, 'static/js/page.1a2b.js', '');
    expect(plain).toMatchObject({ contentEncoding: undefined });
    expect(plain!.body.toString()).toBe('/* chunk of var c = 1; */');
  });

  test('readFile refuses traversal, the marker and unknown files', async () => {
    const store = open('refuse');
    const { version } = await store.publish({ name: 'support', distDir: dist('var d = 1;'), packageVersion: '1.0.0' });
    expect(await store.readFile!('support', version, '../../other/x.js', '')).toBeNull();
    expect(await store.readFile!('support', version, '.published.json', '')).toBeNull();
    expect(await store.readFile!('support', version, 'nope.js', '')).toBeNull();
    expect(await store.readFile!('support', 'nope-version', 'remoteEntry.js', '')).toBeNull();
  });

  test('a version whose upload never finished (no marker) does not exist', async () => {
    const store = open('half');
    const { version } = await store.publish({ name: 'support', distDir: dist('var e = 1;'), packageVersion: '1.0.0' });
    const { DeleteObjectCommand } = await import('@aws-sdk/client-s3');
    await s3.client.send(new DeleteObjectCommand({ Bucket: s3.bucket, Key: `half/support/${version}/.published.json` }));
    const fresh = open('half');
    expect(await fresh.inspect('support', version)).toBeNull();
    expect(await fresh.readFile!('support', version, 'remoteEntry.js', '')).toBeNull();
  });
});
