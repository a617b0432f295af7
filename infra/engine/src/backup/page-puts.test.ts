import crypto from 'node:crypto';
import type { JobContext } from '../jobs/job-context';
import type { BlobStore, PutResult } from '../ports';
import { pagePuts } from './backup-object';

// A page's fetched contents are stored in a few putMany calls (one blob-index read and write each),
// never one per content, and never more than a bounded amount held at once; every content reaches
// its record with the hash of its own bytes, and a failed store fails the page instead of dropping items.

const hashOf = (content: Buffer) => crypto.createHash('sha256').update(content).digest('hex');

function recordingStore(fail = false) {
  const calls: Buffer[][] = [];
  const blobs = {
    putMany: async (_tenant: string, contents: Buffer[]): Promise<PutResult[]> => {
      calls.push(contents);
      await new Promise((resolve) => setImmediate(resolve));
      if (fail) throw new Error('object store unavailable');
      return contents.map((content) => ({ hash: hashOf(content), size: content.length, storedSize: content.length, deduplicated: false }));
    },
  } as unknown as BlobStore;
  return { blobs, calls };
}

const job = () => ({ progress: { itemsDone: 0, bytesDone: 0 } }) as unknown as JobContext;

describe('page puts', () => {
  it('stores every content of a large page in a few batches, each with the hash of its own bytes', async () => {
    const { blobs, calls } = recordingStore();
    const env = { blobs, tenantRowId: 'tenant-1', job: job() };
    const stored = new Map<number, string>();
    const puts = pagePuts<number>(env, (item, content, put) => {
      expect(put.hash).toBe(hashOf(content));
      stored.set(item, put.hash);
    });
    // 1,100 small contents and three of 7 MB, added from concurrent lanes as downloads finish.
    const contents = [...Array.from({ length: 1100 }, (_, i) => Buffer.from(`message ${i}`)), ...[1, 2, 3].map((i) => Buffer.alloc(7 * 1024 * 1024, i))];
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < contents.length) {
          const i = next++;
          await new Promise((resolve) => setImmediate(resolve));
          await puts.add(i, contents[i]);
        }
      }),
    );
    await puts.flush();
    expect(stored.size).toBe(contents.length);
    contents.forEach((content, i) => expect(stored.get(i)).toBe(hashOf(content)));
    expect(calls.flat()).toHaveLength(contents.length);
    // One call per 500 contents or 16 MB, not one per content (or per twenty).
    expect(calls.length).toBeLessThanOrEqual(5);
    expect(Math.max(...calls.map((batch) => batch.reduce((n, b) => n + b.length, 0)))).toBeLessThan(16 * 1024 * 1024 + 7 * 1024 * 1024);
    expect(env.job.progress.bytesDone).toBe(contents.reduce((n, b) => n + b.length, 0));
  });

  it('fails the page when the store fails, and hands no record on for the contents it could not store', async () => {
    const { blobs } = recordingStore(true);
    const stored: number[] = [];
    const puts = pagePuts<number>({ blobs, tenantRowId: 'tenant-1', job: job() }, (item) => stored.push(item));
    for (let i = 0; i < 10; i++) await puts.add(i, Buffer.from(`item ${i}`));
    await expect(puts.flush()).rejects.toThrow('object store unavailable');
    expect(stored).toEqual([]);
  });
});
