import crypto from 'node:crypto';
import os from 'node:os';
import type { MessagePort } from 'node:worker_threads';
import { bridgedDb, openDatabase, type DbDriver } from '@portal/db';
import { openObjectStore } from '../blob/open-object-store';
import { createEngine } from '../engine';
import { createEmbeddedQueue } from '../jobs/embedded-queue';
import { setHostBusy } from '../jobs/host-pace';
import { createPgBossQueue } from '../jobs/pg-boss-queue';
import type { EngineThreadOptions, FromEngineThread, ToEngineThread } from './engine-thread-options';

// The body of the host's engine, the same on a worker thread (engine-thread-worker.ts) and in a child
// process (engine-process-main.ts): the job workers, the scheduler and the worker heartbeat, told what
// to do by the host's messages.

export interface EngineRunnerData {
  options: EngineThreadOptions;
  /** The bridge to the host's database when options.database is absent (a thread only). */
  dbPort?: MessagePort;
  driver: DbDriver;
}

export interface HostChannel {
  send(message: FromEngineThread): void;
  onMessage(listener: (message: ToEngineThread) => void): void;
}

/** Starts the engine; `name` tells this runner apart in the worker id (/operator's Workers). */
export async function runEngine(host: HostChannel, data: EngineRunnerData, name: string): Promise<void> {
  const { options, dbPort, driver } = data;
  // Its sessions too run below the requests where the server is on this machine (pg-background.ts).
  const ownDb = options.database ? await openDatabase({ ...options.database, background: true }) : null;
  if (!ownDb && !dbPort) throw new Error('The engine needs a database: a PostgreSQL URL or a bridge port');
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
    workerId: `${os.hostname()}:${process.pid}:${name}:${crypto.randomBytes(3).toString('hex')}`,
    log: (message, error) => host.send({ type: 'log', message, error: error === undefined ? undefined : error instanceof Error ? (error.stack ?? error.message) : String(error) }),
  });
  host.onMessage((message) => {
    if (message.type === 'enqueue') void queue.enqueue(message.jobId).catch((error) => host.send({ type: 'log', message: 'could not announce job', error: String(error) }));
    if (message.type === 'allow-origin') engine.outbound.allowOrigin(message.origin, message.network);
    if (message.type === 'host-busy') setHostBusy(message.busy);
    if (message.type === 'stop') {
      void engine
        .stop()
        .then(() => objects.close?.())
        .then(() => ownDb?.close())
        .finally(() => host.send({ type: 'stopped' }));
    }
  });
  await engine.start();
  host.send({ type: 'started', workerId: engine.workerId });
}
