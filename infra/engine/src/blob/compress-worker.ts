import { Worker } from 'node:worker_threads';

// Brotli off the engine's thread: a thread of its own compresses each putMany's contents (one message
// there and back per put round), so the engine's thread, which a full backup keeps busy, only seals and
// writes. Quality 1 is brotli's fast encoder: on the demo tenant's full backup (pnpm bench:backup) it
// cost the engine about a quarter less CPU than quality 4 for 6% more bytes stored (2.99x against
// 3.18x); 2 and 3 cost as much as 4. Decompression reads any quality.
export const BROTLI_QUALITY = 1;

// Plain JavaScript, evaluated: the worker needs no TypeScript loader, in the API, a worker or jest.
const SOURCE = `
const { parentPort } = require('node:worker_threads');
const zlib = require('node:zlib');
const options = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: ${BROTLI_QUALITY} } };
parentPort.on('message', ({ id, contents }) => {
  try {
    parentPort.postMessage({ id, compressed: contents.map((content) => zlib.brotliCompressSync(content, options)) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

interface Answer {
  id: number;
  compressed?: Uint8Array[];
  error?: string;
}

let worker: Worker | null = null;
let nextId = 1;
const waiting = new Map<number, { resolve: (out: Buffer[]) => void; reject: (error: Error) => void }>();

function started(): Worker {
  if (worker) return worker;
  const created = new Worker(SOURCE, { eval: true });
  // Idle, it keeps no process alive.
  created.unref();
  created.on('message', ({ id, compressed, error }: Answer) => {
    const entry = waiting.get(id);
    waiting.delete(id);
    if (error || !compressed) entry?.reject(new Error(`Compression failed: ${error}`));
    else entry?.resolve(compressed.map((bytes) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)));
  });
  // A worker that died fails what it held; the next put starts another.
  const fail = (error: Error) => {
    if (worker === created) worker = null;
    for (const entry of waiting.values()) entry.reject(error);
    waiting.clear();
  };
  created.on('error', fail);
  created.on('exit', (code) => fail(new Error(`The compression thread exited (${code})`)));
  worker = created;
  return created;
}

/** The contents brotli-compressed at BROTLI_QUALITY, in order, on the compression thread. */
export function compressAll(contents: Buffer[]): Promise<Buffer[]> {
  if (!contents.length) return Promise.resolve([]);
  const id = nextId++;
  return new Promise((resolve, reject) => {
    waiting.set(id, { resolve, reject });
    started().postMessage({ id, contents });
  });
}
