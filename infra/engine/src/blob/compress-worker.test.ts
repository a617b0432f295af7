import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { compressAll } from './compress-worker';

// The compression thread answers each call with its own contents' brotli, in order, however many calls
// wait at once.

it("compresses each call's contents in order, calls in flight kept apart", async () => {
  const calls = Array.from({ length: 5 }, (_, call) => Array.from({ length: 3 + call }, (_, i) => Buffer.from(`call ${call} content ${i} ${crypto.randomBytes(8).toString('hex')} `.repeat(40 + i))));
  const answers = await Promise.all(calls.map((contents) => compressAll(contents)));
  answers.forEach((compressed, call) => {
    expect(compressed).toHaveLength(calls[call].length);
    compressed.forEach((bytes, i) => {
      expect(bytes.length).toBeLessThan(calls[call][i].length);
      expect(zlib.brotliDecompressSync(bytes).equals(calls[call][i])).toBe(true);
    });
  });
  expect(await compressAll([])).toEqual([]);
});
