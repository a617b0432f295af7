import { Transform, type TransformCallback } from 'node:stream';
import { QuickXorHash } from '@portal/quick-xor-hash';

/**
 * A pass-through stream that hashes what flows through it and, at the end, fails with
 * `onMismatch(actual)` when the digest is not `expected`: a corrupted download never ends cleanly.
 */
export function verifyingQuickXorStream(expected: string, onMismatch: (actual: string) => Error): Transform {
  const hash = new QuickXorHash();
  return new Transform({
    transform(chunk: Buffer, _encoding, callback: TransformCallback) {
      hash.update(chunk);
      callback(null, chunk);
    },
    flush(callback: TransformCallback) {
      const actual = hash.digestBase64();
      callback(actual === expected ? null : onMismatch(actual));
    },
  });
}
