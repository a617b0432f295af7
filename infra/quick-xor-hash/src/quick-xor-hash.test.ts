import { QuickXorHash, quickXorHash } from './index';

// Known answers from rclone's QuickXorHash tests (backend/onedrive/quickxorhash), inputs and
// digests in base64; the empty input and the single byte also follow directly from Microsoft's snippet.
const VECTORS: [string, string][] = [
  ['', 'AAAAAAAAAAAAAAAAAAAAAAAAAAA='],
  ['Sg==', 'SgAAAAAAAAAAAAAAAQAAAAAAAAA='],
  ['tbQ=', 'taAFAAAAAAAAAAAAAgAAAAAAAAA='],
  ['J9iPGCbfZSTNyw==', 'J8DGIzBggm+UgQTNUgYAAAAAAAA='],
  ['2fuxhBJXtpWFe8dOfdGeHw==', 'O9tHLAghgSvYohKFyMMxnNCHaHg='],
  ['T6LYJIfDh81JrAK309H2JMJTXis=', 'zBTHrspn3mEcohlJdIUAbjGNaNg='],
  ['NbYXsp5/K6mR+NmHwExjvWeWDJFnXTKWVlzYHoesp2E=', 'wjuAuWDiq04qDt1R8hHWDDcwVoQ='],
  [
    'ikwCorI7PKWz17EI50jZCGbV9JU2E8bXVfxNMg5zdmqSZ2NlsQPp0kqYIPjzwTg1MBtfWPg53k0h0P2naJNEVgrqpoHTfV2b3pJ4m0zYPTJmUX4Bg/lOxcnCxAYKU29Y5F0U8Quz7ZXFBEweftXxJ7RS4r6N7BzJrPsLhY7hgck=',
    'imAoFvCWlDn4yVw3/oq1PDbbm6U=',
  ],
  [
    'qwGf2ESubE5jOUHHyc94ORczFYYbc2OmEzo+hBIyzJiNwAzC8PvJqtTzwkWkSslgHFGWQZR2BV5+uYTrYT7HVwRM40vqfj0dBgeDENyTenIOL1LHkjtDKoXEnQ0mXAHoJ8PjbNC93zi5TovVRXTNzfGEs5dpWVqxUzb5lc7dwkyvOluBw482mQ4xrzYyIY1t+//OrNi1ObGXuUw2jBQOFfJVj2Y6BOyYmfB1y36eBxi3zxeG5d5NYjm2GSh6e08QMAwu3zrINcqIzLOuNIiGXBtl7DjKt7b5wqi4oFiRpZsCyx2smhSrdrtK/CkdU6nDN+34vSR/M8rZpWQdBE7a8g==',
    'WYT9JY3JIo/pEBp+tIM6Gt2nyTM=',
  ],
];

describe('QuickXorHash', () => {
  it.each(VECTORS)('matches reference vector %#', (input, digest) => {
    expect(quickXorHash(Buffer.from(input, 'base64'))).toBe(digest);
  });

  it('gives the same digest however the input is split', () => {
    const bytes = Buffer.from(VECTORS[VECTORS.length - 1][0], 'base64');
    for (const size of [1, 3, 7, 20, 64, 100]) {
      const hash = new QuickXorHash();
      for (let i = 0; i < bytes.length; i += size) hash.update(bytes.subarray(i, i + size));
      expect(hash.digestBase64()).toBe(VECTORS[VECTORS.length - 1][1]);
    }
  });

  it('agrees with the bit-by-bit definition on large input, split at any offset and at any address', () => {
    // The definition itself: byte i is XORed in at bit (i * 11) mod 160 of the ring, then the length.
    const reference = (input: Uint8Array): string => {
      const ring = new Uint8Array(21);
      input.forEach((byte, i) => {
        const bit = (i * 11) % 160;
        const shifted = byte << (bit & 7);
        ring[bit >>> 3] ^= shifted & 0xff;
        ring[(bit >>> 3) + 1] ^= shifted >>> 8;
      });
      ring[0] ^= ring[20];
      const out = Buffer.from(ring.subarray(0, 20));
      out.writeBigUInt64LE(out.readBigUInt64LE(12) ^ BigInt(input.length), 12);
      return out.toString('base64');
    };
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647);
    // 150 KB: longer than one scratch piece, so a misaligned update folds in several.
    const bytes = Uint8Array.from({ length: 150_001 }, () => random() & 0xff);
    const expected = reference(bytes);
    expect(quickXorHash(bytes)).toBe(expected);
    for (const shift of [1, 2, 3]) {
      // The same bytes at an address that is not a multiple of four.
      const shifted = new Uint8Array(bytes.length + shift);
      shifted.set(bytes, shift);
      const view = shifted.subarray(shift);
      expect(quickXorHash(view)).toBe(expected);
      const hash = new QuickXorHash();
      for (let i = 0; i < view.length; ) {
        const size = 1 + (random() % 9000);
        hash.update(view.subarray(i, i + size));
        i += size;
      }
      expect(hash.digestBase64()).toBe(expected);
    }
  });
});
