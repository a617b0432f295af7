import fs from 'node:fs';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { serveDbBridge, type DbBridge } from './bridge';
import { startPglite, wrapPglite } from './database';
import type { FromPgliteThread, ToPgliteThread } from './pglite-thread';
import { lowerThreadPriority } from './ts-worker';

// The database thread's entry (started by pglite-thread.ts): the process's embedded PGlite, serving
// the API's thread and any thread it connects (the engine's) over their own ports.

async function main(): Promise<void> {
  // While a backup runs, this thread works mostly for the engine thread, and the API answers most
  // requests from its caches. bench:api, PGlite, p95 of a profile GET during a full backup against
  // idle: 2.12x at normal priority, 1.87x and 2.02x below it (quiet machine, minutes apart).
  lowerThreadPriority();
  const { dataDir, port } = workerData as { dataDir?: string; port: MessagePort };
  const parent = parentPort!;
  const send = (message: FromPgliteThread) => parent.postMessage(message);
  let pg;
  try {
    if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
    pg = await startPglite(dataDir);
  } catch (error) {
    send({ type: 'failed', error: error instanceof Error ? error.message : String(error) });
    return;
  }
  const opened = pg;
  const db = wrapPglite(opened, () => opened.close());
  const bridges = new Set<DbBridge>();
  const serve = (channel: MessagePort) => {
    const bridge = serveDbBridge(channel, db);
    bridges.add(bridge);
    // The other thread ended (an engine thread that died): what it left open must not hold the database.
    channel.once('close', () => {
      bridges.delete(bridge);
      void bridge.close();
    });
  };
  serve(port);
  parent.on('message', (message: ToPgliteThread) => {
    if (message.type === 'serve') serve(message.port);
    if (message.type === 'close') {
      void Promise.all([...bridges].map((bridge) => bridge.close()))
        .then(() => db.close())
        .finally(() => {
          send({ type: 'closed' });
          process.exit(0);
        });
    }
  });
  send({ type: 'ready' });
}

void main();
