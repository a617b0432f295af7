import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { migrate, openDatabase, type Db } from '@portal/db';
import { startEmulator, type Emulator } from '@portal/m365-emulator';
import { insertJob } from '../jobs/job-store';
import { insertTenant } from '../tenants';
import { startTestS3, TEST_S3_CREDENTIALS, type TestS3 } from '../testing/s3-test-server';

// Scale-out with BACKUP_BLOB_URL, end to end: one worker process (worker-cli.ts) backs up a small
// emulator tenant into the bucket; it stops, and a second worker process with a different local data
// folder restores a message from that backup into the tenant and reads it back. Both folders stay
// empty: the content lives in the bucket only. PostgreSQL (DATABASE_URL, else the local test database)
// in a schema of this test's own holds the catalog and pg-boss's queue, as in production.

jest.setTimeout(180_000);

const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const schema = `engine_s3_${crypto.randomBytes(5).toString('hex')}`;
const queueSchema = `${schema}_boss`;
const MASTER = 'two-workers-master-secret-0123456789abcdef';
const WORKER_CLI = path.join(__dirname, '..', 'worker-cli.ts');
const REPO_ROOT = path.join(__dirname, '..', '..', '..', '..');

let db: Db;
let s3: TestS3;
let emulator: Emulator;
let setId: string;
let organisationId: string;
const folders: string[] = [];
const workers: ChildProcess[] = [];

beforeAll(async () => {
  [s3, emulator, db] = await Promise.all([
    startTestS3('portal-backups'),
    startEmulator({ seed: 'engine-s3-workers', size: 200 }),
    openDatabase({ databaseUrl, schema, poolSize: 4 }),
  ]);
  await migrate(db);
  const { rows: org } = await db.query<{ id: string }>(`insert into organisations (name, kind, path) values ('Scale-out', 'PROVIDER', '/scale-out/') returning id`);
  organisationId = org[0].id;
  const tenant = await insertTenant(db, MASTER, { organisationId, name: 'Emulated tenant', credentials: emulator.credentials });
  const { rows: set } = await db.query<{ id: string }>(
    `insert into backup_sets (organisation_id, tenant_id, name, type, scope, services, schedule, retention_days)
     values ($1, $2, 'Mail and files', 'm365', '{"mode":"all"}', '["mail","onedrive"]', '{"frequency":"manual","time":"02:00","dayOfWeek":0}', 30) returning id`,
    [organisationId, tenant.id],
  );
  setId = set[0].id;
});

afterAll(async () => {
  for (const worker of workers) worker.kill('SIGKILL');
  if (db) {
    await db.exec(`drop schema ${schema} cascade`);
    await db.exec(`drop schema if exists ${queueSchema} cascade`);
    await db.close();
  }
  await Promise.all([s3?.stop(), emulator?.stop()]);
  for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
});

/** A worker process with its own local data folder, its blobs in the bucket. */
interface Worker {
  dataDir: string;
  output: () => string;
  exited: () => boolean;
  stop: () => Promise<void>;
}

async function startWorker(name: string): Promise<Worker> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `worker-${name}-`));
  folders.push(dataDir);
  // Asynchronous on purpose: the S3 server and the emulator live in this test process.
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER_CLI], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      ...TEST_S3_CREDENTIALS,
      DATABASE_URL: databaseUrl,
      DATABASE_SCHEMA: schema,
      BACKUP_QUEUE_SCHEMA: queueSchema,
      BACKUP_MASTER_KEY: MASTER,
      DATA_DIR: dataDir,
      BACKUP_BLOB_URL: `s3://${s3.bucket}/scale-out`,
      S3_ENDPOINT: s3.endpoint,
      OUTBOUND_ALLOWED_ORIGINS: new URL(emulator.url).origin,
      OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8',
      // Jobs are inserted without an announcement (pg-boss does not load under jest): the sweep finds them.
      BACKUP_SCHEDULE_MS: '500',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  workers.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  let done = false;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => (done = true));
  while (!/backup worker .* started/.test(output)) {
    if (done) throw new Error(`worker ${name} exited:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    dataDir,
    output: () => output,
    exited: () => done,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      if (!/blob store: s3/.test(output)) throw new Error(`worker ${name} did not start on the bucket:\n${output}`);
    },
  };
}

type JobResult = { status: string; error_message: string | null; verified_count: number | null; items_done: number };

/** The job's row once it has ended; fails with the worker's output when the worker dies or takes too long. */
async function waitForJob(jobId: string, worker: Worker): Promise<JobResult> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const { rows } = await db.query<JobResult>('select status, error_message, verified_count, items_done from backup_jobs where id = $1', [jobId]);
    if (!['queued', 'running'].includes(rows[0].status)) return rows[0];
    if (worker.exited() || Date.now() > deadline) throw new Error(`job ${jobId} is still ${rows[0].status}; worker output:\n${worker.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const filesUnder = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesUnder(path.join(dir, e.name)) : [path.join(dir, e.name)]));

it('restores on one worker what another worker backed up into the bucket, with nothing on either disk', async () => {
  const first = await startWorker('backup');
  const backupJob = await insertJob(db, { organisationId, setId, type: 'backup', title: 'Backup to the bucket', payload: {} });
  const backup = await waitForJob(backupJob.id, first);
  await first.stop();
  expect(backup).toMatchObject({ status: 'succeeded' });
  expect(Number(backup.items_done)).toBeGreaterThan(0);

  // Every object in the bucket is a pack or a blob stored alone, and each is one the index names.
  const listed = await Promise.all(['blobs', 'packs'].map((folder) => s3.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `scale-out/${folder}/` }))));
  const { rows: objectCount } = await db.query<{ n: string }>('select (select count(*) from backup_blob_packs) + (select count(*) from backup_blobs where pack_id is null) as n');
  expect(listed[0].KeyCount! + listed[1].KeyCount!).toBe(Number(objectCount[0].n));
  expect(listed[1].KeyCount).toBeGreaterThan(0);
  expect(filesUnder(first.dataDir)).toEqual([]);

  // A message whose content the first worker stored; the second worker has never seen it.
  const { rows: items } = await db.query<{ id: string }>(
    `select id from backup_item_versions where set_id = $1 and service = 'mail' and kind = 'message' and blob_hash is not null order by size_bytes desc limit 1`,
    [setId],
  );
  const second = await startWorker('restore');
  const job = await insertJob(db, {
    organisationId,
    setId,
    type: 'restore',
    title: 'Restore one message',
    payload: { selection: { kind: 'items', itemIds: [items[0].id] }, destination: { kind: 'original' } },
  });
  const restore = await waitForJob(job.id, second);
  await second.stop();
  // The restore reads the restored message back from the tenant and compares its MIME byte for byte.
  expect(restore).toMatchObject({ status: 'succeeded', error_message: null, verified_count: 1 });
  expect(filesUnder(second.dataDir)).toEqual([]);
});
