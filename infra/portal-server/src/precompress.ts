import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const COMPRESSIBLE = /\.(js|css|html|json|svg|txt|map)$/;

/** Writes .br and .gz beside each text file once, so @fastify/static can serve them
 * (`preCompressed`) without compressing the same immutable bytes on every request. */
export function precompressFolder(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompressFolder(file);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const source = fs.readFileSync(file);
    if (!fs.existsSync(`${file}.gz`)) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
    if (!fs.existsSync(`${file}.br`)) {
      fs.writeFileSync(
        `${file}.br`,
        zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
    }
  }
}
