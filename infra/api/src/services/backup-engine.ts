import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createEmbeddedQueue,
  createEngine,
  blobBucketFromSettings,
  createPgBossQueue,
  openObjectStore,
  startEngineThread,
  type Engine,
  type EngineOptions,
  type ObjectStore,
} from '@portal/engine';
import type { Db } from '@portal/db';
import { AUTHORITY_URL_DEFAULT, GRAPH_BASE_URL_DEFAULT } from '@portal/config';
import type { OutboundPolicyOptions } from '@portal/outbound-guard';
import type { EnvSettings, S3BucketSettings } from '@portal/settings';
import { getSetting } from '../repositories/settings-repository';
import { RequestActivity, watchHostLoad } from './host-load';
import type { ConsentApp } from './tenant-consent-service';

/** The engine's own options (Graph clients, outbound policy, concurrency, scheduling) pass through unchanged. */
export interface BackupApiOptions
  extends Pick<EngineOptions, 'graphFactory' | 'objectConcurrency' | 'fetchConcurrency' | 'scheduleEveryMs' | 'staleAfterSeconds'> {
  outbound?: OutboundPolicyOptions;
  /** Folder of the local blob store (default DATA_DIR/blobs, or a temporary folder for an in-memory database). */
  blobDir?: string;
  /** BACKUP_BLOB_URL: keep blobs in this S3-compatible bucket instead of blobDir. */
  blobBucket?: S3BucketSettings;
  /** Replaces the configured blob store (tests). */
  objectStore?: ObjectStore;
  /** Wraps the tenants' data keys (BACKUP_MASTER_KEY); default: generated once and kept in settings. */
  masterSecret?: string;
  /** 'pg-boss' shares the queue between processes on PostgreSQL; 'embedded' runs jobs from the table in-process. */
  queue?: 'embedded' | 'pg-boss';
  databaseUrl?: string;
  /** PostgreSQL schema of pg-boss's tables (default pgboss). */
  queueSchema?: string;
  /** Run job workers and the scheduler in this process (default true). */
  workers?: boolean;
  /**
   * Run them on a worker thread of this process (BACKUP_ENGINE_THREAD; default on), so a backup
   * delays the API's requests less. Not with a Graph factory or object store given in-process (tests).
   */
  thread?: boolean;
  /** PostgreSQL schema of the database (tests and benches isolate themselves in one); the engine thread opens its pool there. */
  schema?: string;
  /** Connect the demo customer to an in-process emulator on start (default false; setupApi turns it on for demo starts). */
  demo?: boolean;
  /** Emulator size of the demo tenant (default the emulator's own default). */
  demoSize?: number;
  /** The provider's multi-tenant app for Connect with Microsoft (M365_APP_*); unset, the flow is off. */
  consentApp?: ConsentApp;
}

const SETTING_BACKUP_MASTER_KEY = 'backup_master_key';
/** Jobs the embedded queue runs at once. */
const EMBEDDED_CONCURRENCY = 2;

/** The master key, kept like the JWT secret: generated on first use, one value for every process. */
export async function ensureBackupMasterKey(db: Db): Promise<string> {
  const candidate = crypto.randomBytes(48).toString('base64url');
  await db.query('insert into settings (key, value) values ($1, $2::jsonb) on conflict (key) do nothing', [SETTING_BACKUP_MASTER_KEY, JSON.stringify(candidate)]);
  const stored = await getSetting<string>(db, SETTING_BACKUP_MASTER_KEY);
  if (typeof stored !== 'string' || stored.length < 32) throw new Error('Stored backup master key is unusable');
  return stored;
}

/** What setupApi passes on: the storage and queue settings of the environment (DATA_DIR, BACKUP_*, OUTBOUND_*). */
export function backupOptionsFromSettings(setup: { dataDir?: string; databaseUrl?: string; schema?: string; demo?: boolean }, settings: EnvSettings): BackupApiOptions {
  // Beside the database, never inside PGlite's own folder: DATA_DIR/blobs when the database lives in
  // a subfolder of DATA_DIR (the portal server), else <database folder>-blobs (the API alone).
  const dbDir = setup.dataDir ? path.resolve(setup.dataDir) : undefined;
  const dataDir = settings.DATA_DIR ? path.resolve(settings.DATA_DIR) : undefined;
  const blobDir =
    settings.BACKUP_BLOB_DIR ?? (dataDir && dbDir !== dataDir ? path.join(dataDir, 'blobs') : dbDir ? `${dbDir}-blobs` : undefined);
  return {
    blobDir,
    blobBucket: blobBucketFromSettings(settings),
    masterSecret: settings.BACKUP_MASTER_KEY,
    queue: settings.BACKUP_QUEUE ?? (setup.databaseUrl ? 'pg-boss' : 'embedded'),
    databaseUrl: setup.databaseUrl,
    schema: setup.schema,
    workers: settings.BACKUP_WORKERS,
    // On by default with either database. PostgreSQL gives the thread a pool of its own; with PGlite
    // the statements still run on the API's thread, but the engine's own work (Graph calls, hashing,
    // compression, encryption) leaves it: bench:api's p95 during a full backup was 11.6x idle without
    // the thread and 3.5x with it.
    thread: settings.BACKUP_ENGINE_THREAD ?? true,
    // PORTAL_DEMO_BACKUPS=0 keeps the demo tenant (an in-process emulator and its first backup) off
    // in a demo portal; the test suites set it so only the suites that need it pay for it.
    demo: settings.PORTAL_DEMO_BACKUPS ?? (setup.demo !== false),
    demoSize: settings.PORTAL_DEMO_BACKUP_SIZE,
    outbound: { origins: settings.OUTBOUND_ALLOWED_ORIGINS, networks: settings.OUTBOUND_ALLOWED_NETWORKS },
    staleAfterSeconds: settings.BACKUP_STALE_SECONDS,
    consentApp: consentAppFromSettings(settings),
  };
}

/** The provider's app when both its id and secret are set; Microsoft's endpoints unless told otherwise. */
function consentAppFromSettings(settings: EnvSettings): ConsentApp | undefined {
  if (!settings.M365_APP_CLIENT_ID || !settings.M365_APP_CLIENT_SECRET) return undefined;
  return {
    clientId: settings.M365_APP_CLIENT_ID,
    clientSecret: settings.M365_APP_CLIENT_SECRET,
    authorityUrl: (settings.M365_APP_AUTHORITY_URL?.href ?? AUTHORITY_URL_DEFAULT).replace(/\/+$/, ''),
    graphBaseUrl: (settings.M365_APP_GRAPH_URL?.href ?? GRAPH_BASE_URL_DEFAULT).replace(/\/+$/, ''),
  };
}

/** Builds the engine for this process and starts its workers; `close` stops them and cleans up. */
export async function openBackupEngine(
  db: Db,
  options: BackupApiOptions,
  log: (message: string, error?: unknown) => void,
  requests: RequestActivity = new RequestActivity(),
): Promise<{ engine: Engine; close: () => Promise<void> }> {
  const masterSecret = options.masterSecret ?? (await ensureBackupMasterKey(db));
  let tempDir: string | null = null;
  let dir = options.blobDir;
  let objects = options.objectStore;
  // A store this function opens (the bucket's client) is closed with the engine; a given one is the caller's.
  const ownsObjects = !objects;
  if (!objects) {
    if (!dir && !options.blobBucket) {
      // An in-memory database gets blobs that live as long as it does.
      tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-blobs-'));
      dir = tempDir;
    }
    objects = openObjectStore({ bucket: options.blobBucket, dir });
  }
  const pgBoss = options.queue === 'pg-boss' && options.databaseUrl ? options.databaseUrl : null;
  // In-process hooks (a test's Graph factory or object store) cannot cross into a thread.
  const threaded = options.workers !== false && options.thread === true && !options.graphFactory && !options.objectStore;
  const thread = threaded
    ? startEngineThread(
        db,
        {
          database: options.databaseUrl ? { databaseUrl: options.databaseUrl, schema: options.schema } : undefined,
          masterSecret,
          objects: { bucket: options.blobBucket, dir: options.blobBucket ? undefined : dir },
          queue: pgBoss ? { kind: 'pg-boss', databaseUrl: pgBoss, schema: options.queueSchema } : { kind: 'embedded', concurrency: EMBEDDED_CONCURRENCY },
          engine: {
            outbound: options.outbound,
            objectConcurrency: options.objectConcurrency,
            fetchConcurrency: options.fetchConcurrency,
            scheduleEveryMs: options.scheduleEveryMs,
            staleAfterSeconds: options.staleAfterSeconds,
          },
        },
        log,
      )
    : null;
  const queue =
    thread?.queue ??
    (pgBoss
      ? createPgBossQueue({ databaseUrl: pgBoss, schema: options.queueSchema })
      : createEmbeddedQueue(db, { concurrency: EMBEDDED_CONCURRENCY, staleAfterSeconds: options.staleAfterSeconds }));
  // With a thread this engine only submits jobs and serves content (downloads, ZIP exports, collection
  // after a set is deleted); the thread's engine runs them.
  const engine = createEngine({
    db,
    masterSecret,
    objects,
    queue,
    graphFactory: options.graphFactory,
    outbound: thread?.outbound ?? options.outbound,
    objectConcurrency: options.objectConcurrency,
    fetchConcurrency: options.fetchConcurrency,
    scheduleEveryMs: options.scheduleEveryMs,
    staleAfterSeconds: options.staleAfterSeconds,
    log,
  });
  // While this thread is busy with requests, the engine thread's backups run one lane per pool.
  const unwatch = thread ? watchHostLoad(requests, (busy) => thread.setHostBusy(busy)) : () => undefined;
  if (thread) {
    // Not awaited: loading the engine in the thread takes seconds, and the API serves meanwhile (jobs
    // queued until then wait in the table). A thread that cannot start at all is reported.
    thread.started.catch((error: unknown) => log('the engine thread did not start: backups and restores wait for another worker', error));
  } else if (options.workers !== false) await engine.start();
  return {
    engine,
    close: async () => {
      unwatch();
      if (thread) await thread.stop();
      else await engine.stop();
      if (ownsObjects) await objects.close?.();
      if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
    },
  };
}
