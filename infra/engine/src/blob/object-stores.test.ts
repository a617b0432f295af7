import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ObjectStore } from '../ports';
import { startTestS3, type TestS3 } from '../testing/s3-test-server';
import { createLocalObjectStore } from './local-object-store';
import { createS3ObjectStore } from './s3-object-store';

// The same contract for both object stores: what the blob store relies on (atomic puts, missing keys,
// idempotent deletes, listing, two writers of one key) holds on local disk and in an S3-compatible
// bucket (s3rver, a real S3 server on loopback).

let s3: TestS3;
let dir: string;
beforeAll(async () => {
  s3 = await startTestS3('portal-backups');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'object-store-test-'));
});
afterAll(async () => {
  await s3?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

const stores: Array<[string, () => ObjectStore]> = [
  ['local', () => createLocalObjectStore(dir)],
  ['s3', () => createS3ObjectStore({ bucket: s3.bucket, prefix: 'tests/backups', region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true }, s3.client)],
];

const collect = async (keys: AsyncIterable<string>) => {
  const all: string[] = [];
  for await (const key of keys) all.push(key);
  return all.sort();
};

describe.each(stores)('%s object store', (kind, open) => {
  const folder = `blobs/${kind}-${crypto.randomBytes(4).toString('hex')}`;

  it('puts, gets, tells whether a key exists, lists and deletes (twice without error)', async () => {
    const store = open();
    const a = `${folder}/ab12cd`;
    const b = `${folder}/ab98ef`;
    const body = crypto.randomBytes(3000);
    expect(await store.get(a)).toBeNull();
    expect(await store.has(a)).toBe(false);
    await store.put(a, body);
    await store.put(b, Buffer.from('second'));
    expect((await store.get(a))!.equals(body)).toBe(true);
    expect(await store.has(a)).toBe(true);
    expect(await collect(store.list!(folder))).toEqual([a, b]);
    await store.delete(a);
    await store.delete(a);
    expect(await store.get(a)).toBeNull();
    expect(await collect(store.list!(folder))).toEqual([b]);
    expect(await collect(store.list!(`${folder}-none`))).toEqual([]);
  });

  it('reads a range of an object (a blob in a pack), and nothing of a missing one', async () => {
    const store = open();
    const key = `${folder}/ee5500`;
    const body = crypto.randomBytes(5000);
    await store.put(key, body);
    expect((await store.getRange(key, 1200, 300))!.equals(body.subarray(1200, 1500))).toBe(true);
    expect((await store.getRange(key, 0, 5000))!.equals(body)).toBe(true);
    expect(await store.getRange(`${folder}/ee5501`, 0, 10)).toBeNull();
  });

  it('lets two writers store the same key at once: the object is whole and nothing else is left behind', async () => {
    const store = open();
    const key = `${folder}/cc0011`;
    const body = crypto.randomBytes(256 * 1024);
    await Promise.all(Array.from({ length: 6 }, () => store.put(key, body)));
    expect((await store.get(key))!.equals(body)).toBe(true);
    // No temporary or duplicate objects are visible beside the final key.
    expect(await collect(store.list!(folder))).toContain(key);
    expect((await collect(store.list!(folder))).filter((k) => k.startsWith(`${folder}/cc`))).toEqual([key]);
  });

  it('refuses keys that could leave its folder or prefix', async () => {
    const store = open();
    await expect(store.put('blobs/../escape', Buffer.from('x'))).rejects.toThrow('Unsafe object key');
    await expect(store.get('/absolute')).rejects.toThrow('Unsafe object key');
  });
});

// On S3 a PUT is atomic per object (a reader sees the old object, the new one or none), a guarantee of
// the service itself. s3rver does not model it (it streams into the final file), so this runs on the
// local store, whose temporary-file-and-rename gives the same guarantee.
it('never shows part of an object under its key while the local store writes it', async () => {
  const store = createLocalObjectStore(dir);
  const key = 'blobs/atomic/dd0022';
  const body = crypto.randomBytes(4 * 1024 * 1024);
  let writing = true;
  const seen: number[] = [];
  const reader = (async () => {
    while (writing) {
      const got = await store.get(key);
      if (got) {
        seen.push(got.length);
        expect(got.equals(body)).toBe(true);
      }
    }
  })();
  // Replacing an existing object too: a reader sees the old bytes or the new, never a mix or a stub.
  for (let i = 0; i < 5; i += 1) await store.put(key, body);
  writing = false;
  await reader;
  expect((await store.get(key))!.length).toBe(body.length);
  expect(seen.every((length) => length === body.length)).toBe(true);
});

it('keeps S3 objects under the configured prefix and leaves a shared client open', async () => {
  const store = createS3ObjectStore({ bucket: s3.bucket, prefix: 'tenant-a/prod', region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true }, s3.client);
  await store.put('blobs/t1/ff00aa', Buffer.from('content'));
  expect(await createS3ObjectStore({ bucket: s3.bucket, prefix: '', region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true }, s3.client).has('tenant-a/prod/blobs/t1/ff00aa')).toBe(true);
  await store.close!();
  expect(await store.has('blobs/t1/ff00aa')).toBe(true);
});

// A power cut cannot be staged here: what is checked is which flushes reach the disk, and when.
it("flushes a local object's data and its folder's entries on the disk, and each new folder's name as the put makes it", async () => {
  const store = createLocalObjectStore(dir);
  const file = path.join(dir, 'durable/t1/ee/ee0033');
  const flushes: string[] = [];
  const { fdatasync, fsync } = fs;
  const data = jest.spyOn(fs, 'fdatasync').mockImplementation(((fd: number, done: fs.NoParamCallback) => {
    flushes.push(`data of ${fs.readFileSync(fd, 'utf8')}`);
    fdatasync(fd, done);
  }) as typeof fs.fdatasync);
  const folder = jest.spyOn(fs, 'fsync').mockImplementation(((fd: number, done: fs.NoParamCallback) => {
    flushes.push(fs.fstatSync(fd).isDirectory() ? 'folder' : 'file');
    fsync(fd, done);
  }) as typeof fs.fsync);
  try {
    // Three new folders (durable, t1, ee): each one's name in its parent.
    await store.put('durable/t1/ee0033', Buffer.from('first'));
    expect(flushes).toEqual(['folder', 'folder', 'folder']);
    flushes.length = 0;
    await store.put('durable/t1/ee0033', Buffer.from('second'));
    await store.put('durable/t1/ee0044', Buffer.from('third'));
    expect(flushes).toEqual([]);
    await store.flush!(['durable/t1/ee0033', 'durable/t1/ee0044']);
    // Both files' data (flushed at once, in either order), then their one folder's entries (the names the renames gave them).
    expect([...flushes.slice(0, 2).sort(), ...flushes.slice(2)]).toEqual(['data of second', 'data of third', 'folder']);
    expect(fs.readFileSync(file, 'utf8')).toBe('second');
  } finally {
    data.mockRestore();
    folder.mockRestore();
  }
});
