import path from 'node:path';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { bridgedDb } from './bridge';
import type { Db } from './database';
import { startTsWorker } from './ts-worker';

/** Messages to the database thread (pglite-thread-worker.ts) besides the bridged statements. */
export type ToPgliteThread = { type: 'serve'; port: MessagePort } | { type: 'close' };
export type FromPgliteThread = { type: 'ready' } | { type: 'failed'; error: string } | { type: 'closed' };

/** An embedded PGlite running in a thread of its own. */
export interface ThreadedDb extends Db {
  /** A new channel to the database thread, for another thread (the engine's) to reach it directly. */
  connect(): MessagePort;
}

/**
 * Opens PGlite (in `dataDir`, in memory when undefined) in a worker thread. PGlite executes statements
 * synchronously in WebAssembly: in the thread that answers requests, every backup statement would hold
 * those requests until it ends. Here this thread only sends statements and reads rows.
 */
export async function openPgliteThread(dataDir: string | undefined): Promise<ThreadedDb> {
  const channel = new MessageChannel();
  const worker = startTsWorker(path.join(__dirname, 'pglite-thread-worker.ts'), { dataDir, port: channel.port2 }, [channel.port2]);
  let closing: Promise<void> | null = null;
  const db = bridgedDb(channel.port1, 'pglite', () => {
    closing ??= new Promise<void>((resolve) => {
      worker.once('exit', () => resolve());
      worker.postMessage({ type: 'close' } satisfies ToPgliteThread);
    });
    return closing;
  });
  const ready = new Promise<void>((resolve, reject) => {
    worker.on('message', (message: FromPgliteThread) => {
      if (message.type === 'ready') resolve();
      if (message.type === 'failed') reject(new Error(`The database could not be opened: ${message.error}`));
    });
    worker.once('error', reject);
  });
  worker.once('exit', (code) => {
    channel.port1.close();
    // Nothing can answer any more: a statement waiting for its rows fails instead of hanging.
    db.fail(new Error(closing ? 'The database is closed' : `The database thread exited (code ${code})`));
  });
  await ready;
  return Object.assign(db, {
    connect(): MessagePort {
      const extra = new MessageChannel();
      worker.postMessage({ type: 'serve', port: extra.port1 } satisfies ToPgliteThread, [extra.port1]);
      return extra.port2;
    },
  });
}
