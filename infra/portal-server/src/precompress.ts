import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { findRepoRoot } from './settings';

const COMPRESSIBLE = /\.(js|css|html|json|svg|txt|map)$/;

const VARIANTS = {
  gz: (source: Buffer) => zlib.gzipSync(source, { level: 9 }),
  br: (source: Buffer) => zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
};
type Variant = keyof typeof VARIANTS;

/**
 * Compressed bytes by the source's SHA-256. Brotli at quality 11 takes seconds for a remote, and
 * every publish (a first start, a deploy, a test's fresh data folder) compresses the same chunks
 * again: most of them did not change since the last build. PORTAL_PRECOMPRESS_CACHE_DIR moves it.
 */
const defaultCacheDir = (): string => path.join(findRepoRoot(), 'node_modules', '.cache', 'portal-precompressed');

function compressed(source: Buffer, variant: Variant, dir: string): Buffer {
  const cached = path.join(dir, `${crypto.createHash('sha256').update(source).digest('hex')}.${variant}`);
  try {
    return fs.readFileSync(cached);
  } catch {
    const bytes = VARIANTS[variant](source);
    try {
      // Temp file + rename: a second process never reads half an entry.
      fs.mkdirSync(dir, { recursive: true });
      const temp = `${cached}.${process.pid}-${crypto.randomBytes(4).toString('hex')}`;
      fs.writeFileSync(temp, bytes);
      fs.renameSync(temp, cached);
    } catch {
      // A read-only or full cache folder only costs speed.
    }
    return bytes;
  }
}

/** Writes .br and .gz beside each text file once, so @fastify/static can serve them
 * (`preCompressed`) without compressing the same immutable bytes on every request. */
export function precompressFolder(dir: string, cache: string = defaultCacheDir()): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      precompressFolder(file, cache);
      continue;
    }
    if (!COMPRESSIBLE.test(entry.name)) continue;
    const source = fs.readFileSync(file);
    for (const variant of Object.keys(VARIANTS) as Variant[]) {
      if (!fs.existsSync(`${file}.${variant}`)) fs.writeFileSync(`${file}.${variant}`, compressed(source, variant, cache));
    }
  }
}
