import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { precompressFolder } from './precompress';

let tmp: string;
beforeEach(() => {
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
});
afterEach(() => fs.rmSync(tmp, { recursive: true, force: true }));

function folder(name: string, files: Record<string, string>): string {
  const dir = path.join(tmp, name);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

test('writes br and gz siblings that decompress to the source, and leaves binary files alone', () => {
  const dir = folder('a', { 'main.js': 'var a = 1;'.repeat(100), 'static/x.css': 'body{}', 'logo.png': 'png' });
  precompressFolder(dir, path.join(tmp, 'cache'));
  expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(dir, 'main.js.br'))).toString()).toBe('var a = 1;'.repeat(100));
  expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'static/x.css.gz'))).toString()).toBe('body{}');
  expect(fs.existsSync(path.join(dir, 'logo.png.br'))).toBe(false);
});

test('takes the bytes of a source compressed before from the cache, by its SHA-256', () => {
  const cache = path.join(tmp, 'cache');
  const source = 'console.log("same chunk in two publishes");';
  precompressFolder(folder('first', { 'chunk.js': source }), cache);
  const digest = crypto.createHash('sha256').update(source).digest('hex');
  expect(fs.readdirSync(cache).sort()).toEqual([`${digest}.br`, `${digest}.gz`]);
  // Marked cache entry: the second publish must copy it rather than compress again.
  const marked = zlib.gzipSync(source, { level: 1 });
  fs.writeFileSync(path.join(cache, `${digest}.gz`), marked);
  const second = folder('second', { 'chunk.js': source });
  precompressFolder(second, cache);
  expect(fs.readFileSync(path.join(second, 'chunk.js.gz'))).toEqual(marked);
});

test('a cache folder that cannot be written only costs speed', () => {
  const blocked = path.join(tmp, 'not-a-folder');
  fs.writeFileSync(blocked, '');
  const dir = folder('c', { 'a.json': '{"a":1}' });
  precompressFolder(dir, blocked);
  expect(zlib.gunzipSync(fs.readFileSync(path.join(dir, 'a.json.gz'))).toString()).toBe('{"a":1}');
});
