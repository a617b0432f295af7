import crypto from 'node:crypto';
import os from 'node:os';
import { parentPort, threadId, workerData, type MessagePort } from 'node:worker_threads';
import { bridgedDb, lowerThreadPriority, openDatabase, type DbDriver } from '@portal/db';
import { openObjectStore } from '../blob/open-object-store';
import { createEngine } from '../engine';
import { createEmbeddedQueue } from '../jobs/embedded-queue';
import { setHostBusy } from '../jobs/host-pace';
import { createPgBossQueue } from '../jobs/pg-boss-queue';
import type { EngineThreadOptions, FromEngineThread, ToEngineThread } from './engine-thread-options';

// The engine thread's entry (started by engine-thread.ts): the job workers, the scheduler and the
// worker heartbeat of the host process, on a thread of their own so the host's requests never wait
// behind a backup's work.

interface ThreadData {
  options: EngineThreadOptions;
  /** The bridge to the host's database when options.database is absent. */
  dbPort?: MessagePort;
  driver: DbDriver;
}

async function main(): Promise<void> {
  // Backups are background work: the lowest priority (nice 19, not the database thread's 10), so a
  // request woken on a busy core preempts the engine at once. On PostgreSQL, where the database's work
  // is in server processes at normal priority, the GET's p95 during a backup went from 2.42-2.99x to
  // 1.85-2.33x its idle p95 (bench:api, interleaved), with the backup's own pace unchanged when idle.
  lowerThreadPriority(os.constants.priority.PRIORITY_LOW);
  const port = parentPort!;
  const { options, dbPort, driver } = workerData as ThreadData;
  const send = (message: FromEngineThread) => port.postMessage(message);
  // Its sessions too run below the requests where the server is on this machine (pg-background.ts).
  const ownDb = options.database ? await openDatabase({ ...options.database, background: true }) : null;
  const db = ownDb ?? bridgedDb(dbPort!, driver);
  const objects = openObjectStore(options.objects);
  const queue =
    options.queue.kind === 'pg-boss'
      ? createPgBossQueue({ databaseUrl: options.queue.databaseUrl, schema: options.queue.schema })
      : createEmbeddedQueue(db, { concurrency: options.queue.concurrency, staleAfterSeconds: options.engine.staleAfterSeconds });
  const engine = createEngine({
    ...options.engine,
    db,
    masterSecret: options.masterSecret,
    objects,
    queue,
    // Named after its thread too, so /operator's Workers tells it from a worker process's engine.
    workerId: `${os.hostname()}:${process.pid}:thread${threadId}:${crypto.randomBytes(3).toString('hex')}`,
    log: (message, error) => send({ type: 'log', message, error: error === undefined ? undefined : error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  });
  port.on('message', (message: ToEngineThread) => {
    if (message.type === 'enqueue') void queue.enqueue(message.jobId).catch((error) => send({ type: 'log', message: 'could not announce job', error: String(error) }));
    if (message.type === 'allow-origin') engine.outbound.allowOrigin(message.origin, message.network);
    if (message.type === 'host-busy') setHostBusy(message.busy);
    if (message.type === 'stop') {
      void engine
        .stop()
        .then(() => objects.close?.())
        .then(() => ownDb?.close())
        .finally(() => send({ type: 'stopped' }));
    }
  });
  await engine.start();
  send({ type: 'started', workerId: engine.workerId });
}

main().catch((error: Error) => {
  parentPort?.postMessage({ type: 'log', message: 'engine thread failed to start', error: error.stack ?? error.message } satisfies FromEngineThread);
  throw error;
});
