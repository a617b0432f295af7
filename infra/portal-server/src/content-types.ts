import path from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=utf-8',
  '.mjs': 'application/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.txt': 'text/plain; charset=utf-8',
};

/** Content type of a remote's file by its name (a precompressed variant has its original's type). */
export function contentTypeOf(file: string): string {
  return TYPES[path.extname(file.replace(/\.(br|gz)$/, '')).toLowerCase()] ?? 'application/octet-stream';
}
