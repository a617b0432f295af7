import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createFolderRemoteStore } from './remote-store';

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-store-'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

function dist(source: string): string {
  const dir = fs.mkdtempSync(path.join(tmp, 'dist-'));
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), source);
  fs.writeFileSync(path.join(dir, 'mf-manifest.json'), '{"name":"support"}');
  return dir;
}

test('publishes an immutable version folder and reports the integrity of the stored entry', async () => {
  const store = createFolderRemoteStore(path.join(tmp, 'store'));
  const published = store.publish({ name: 'support', distDir: dist('var a = 1;'), packageVersion: '1.0.0' });
  expect(published.version).toMatch(/^1\.0\.0-[0-9a-f]{10}$/);
  const expected = `sha384-${crypto.createHash('sha384').update('var a = 1;').digest('base64')}`;
  expect(published.integrity).toBe(expected);
  expect(await store.inspect('support', published.version)).toMatchObject({
    entry: `/remotes/support/${published.version}/remoteEntry.js`,
    integrity: expected,
  });
  // precompressed siblings for the static server
  expect(fs.existsSync(path.join(tmp, 'store', 'support', published.version, 'remoteEntry.js.br'))).toBe(true);
  // the same bytes land in the same folder; other bytes in another
  expect(store.publish({ name: 'support', distDir: dist('var a = 1;'), packageVersion: '1.0.0' }).version).toBe(published.version);
  expect(store.publish({ name: 'support', distDir: dist('var a = 2;'), packageVersion: '1.0.0' }).version).not.toBe(published.version);
});

test('inspect answers null for unknown versions and unsafe names', async () => {
  const store = createFolderRemoteStore(path.join(tmp, 'store'));
  expect(await store.inspect('support', '9.9.9-none')).toBeNull();
  expect(await store.inspect('..', 'x')).toBeNull();
  expect(await store.inspect('support', '../../etc')).toBeNull();
});
