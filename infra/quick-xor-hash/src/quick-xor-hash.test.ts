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
});
