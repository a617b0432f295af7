import path from 'node:path';
import { openDatabase } from '@portal/db';
import { readEnvSettings } from '@portal/settings';
import { blobBucketFromSettings, openObjectStore } from './blob/open-object-store';
import { createEngine } from './engine';
import { createPgBossQueue } from './jobs/pg-boss-queue';

// A backup worker process: `DATABASE_URL=postgres://... pnpm --filter @portal/engine worker`.
// Several of these (and the API processes) share one queue through pg-boss on PostgreSQL; each takes
// jobs, sends heartbeats (per job, and per process in engine_workers: /operator's Workers), and resumes
// jobs whose worker died. Its variables are the rows read by "worker" in infra/settings/README.md:
// DATABASE_URL is required; BACKUP_BLOB_URL (with the S3_* settings) or else BACKUP_BLOB_DIR or DATA_DIR
// must name the blob store the API uses (only a bucket lets workers on other machines share it); and
// BACKUP_MASTER_KEY and OUTBOUND_* must be the API's values.

async function main() {
  const settings = readEnvSettings();
  const databaseUrl = settings.DATABASE_URL;
  if (!databaseUrl) throw new Error('DATABASE_URL is required: workers share the queue on PostgreSQL');
  const db = await openDatabase({ databaseUrl, schema: settings.DATABASE_SCHEMA, background: true });
  let masterSecret = settings.BACKUP_MASTER_KEY;
  if (!masterSecret) {
    const { rows } = await db.query<{ value: string }>(`select value from settings where key = 'backup_master_key'`);
    masterSecret = rows[0]?.value;
  }
  if (!masterSecret) throw new Error('No backup master key: set BACKUP_MASTER_KEY or start the API once');
  const blobDir = settings.BACKUP_BLOB_DIR ?? (settings.DATA_DIR ? path.join(settings.DATA_DIR, 'blobs') : undefined);
  const objects = openObjectStore({ bucket: blobBucketFromSettings(settings), dir: blobDir });
  const engine = createEngine({
    db,
    masterSecret,
    objects,
    queue: createPgBossQueue({ databaseUrl, schema: settings.BACKUP_QUEUE_SCHEMA, concurrency: settings.BACKUP_WORKER_CONCURRENCY }),
    scheduleEveryMs: settings.BACKUP_SCHEDULE_MS,
    staleAfterSeconds: settings.BACKUP_STALE_SECONDS,
    outbound: { origins: settings.OUTBOUND_ALLOWED_ORIGINS, networks: settings.OUTBOUND_ALLOWED_NETWORKS },
    log: (message, error) => console.error(message, error ?? ''),
  });
  await engine.start();
  console.log(`backup worker ${engine.workerId} started (blob store: ${objects.kind})`);
  const shutdown = () => {
    engine
      .stop()
      .then(() => objects.close?.())
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
