import path from 'node:path';
import { openDatabase } from '@portal/db';
import { outboundOptionsFromEnv } from '@portal/outbound-guard';
import { createLocalObjectStore } from './blob/local-object-store';
import { createEngine } from './engine';
import { createPgBossQueue } from './jobs/pg-boss-queue';

// A backup worker process: `DATABASE_URL=postgres://... pnpm --filter @portal/engine worker`.
// Several of these (and the API processes) share one queue through pg-boss on PostgreSQL; each takes
// jobs, sends heartbeats (per job, and per process in engine_workers: /operator's Workers), and resumes
// jobs whose worker died. Env: DATABASE_URL (required),
// DATABASE_SCHEMA, BACKUP_MASTER_KEY (else the one the API stored in settings), BACKUP_BLOB_DIR or
// DATA_DIR (blobs in DATA_DIR/blobs; must be the same store the API uses), BACKUP_QUEUE_SCHEMA,
// BACKUP_WORKER_CONCURRENCY, BACKUP_SCHEDULE_MS, OUTBOUND_ALLOWED_ORIGINS and OUTBOUND_ALLOWED_NETWORKS
// (see @portal/outbound-guard; the same values as the API's).

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required: workers share the queue on PostgreSQL');
  const db = await openDatabase({ databaseUrl, schema: process.env.DATABASE_SCHEMA || undefined });
  let masterSecret = process.env.BACKUP_MASTER_KEY;
  if (!masterSecret) {
    const { rows } = await db.query<{ value: string }>(`select value from settings where key = 'backup_master_key'`);
    masterSecret = rows[0]?.value;
  }
  if (!masterSecret) throw new Error('No backup master key: set BACKUP_MASTER_KEY or start the API once');
  const blobDir = process.env.BACKUP_BLOB_DIR || (process.env.DATA_DIR ? path.join(process.env.DATA_DIR, 'blobs') : undefined);
  if (!blobDir) throw new Error('Set BACKUP_BLOB_DIR or DATA_DIR to the blob store the API uses');
  const engine = createEngine({
    db,
    masterSecret,
    objects: createLocalObjectStore(blobDir),
    queue: createPgBossQueue({ databaseUrl, schema: process.env.BACKUP_QUEUE_SCHEMA || undefined, concurrency: Number(process.env.BACKUP_WORKER_CONCURRENCY || 2) }),
    scheduleEveryMs: Number(process.env.BACKUP_SCHEDULE_MS || 15_000),
    outbound: outboundOptionsFromEnv(process.env),
    log: (message, error) => console.error(message, error ?? ''),
  });
  await engine.start();
  console.log(`backup worker ${engine.workerId} started`);
  const shutdown = () => {
    engine
      .stop()
      .then(() => db.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
