import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Pool } from 'pg';
import { insertJob } from '@portal/engine';
import { startEmulator, type Emulator } from '@portal/m365-emulator';
import { migrate, openDatabase, type Db } from '@portal/db';
import { seedDemo } from '../seed/seed-demo';
import { TEST_DATABASE_URL } from '../test/build';
import { insertCustomerTenant } from '../test/customer-tenant';

// Several worker processes sharing the queue through pg-boss on PostgreSQL: one is killed (SIGKILL)
// in the middle of a backup, another takes the job over and finishes it from the checkpoints.
// PostgreSQL only (pg-boss needs it); skipped on PGlite.

jest.setTimeout(180_000);
const describePg = TEST_DATABASE_URL ? describe : describe.skip;
const MASTER = 'workers-test-master-secret-0123456789abcdef';
const ROOT = path.resolve(__dirname, '../../../..');

describePg('backup workers on PostgreSQL (pg-boss)', () => {
  const schema = `api_test_workers_${crypto.randomBytes(4).toString('hex')}`;
  const bossSchema = `${schema}_boss`;
  let db: Db;
  let emulator: Emulator;
  let blobDir: string;
  const children: ChildProcess[] = [];
  const output: string[] = [];

  beforeAll(async () => {
    emulator = await startEmulator({ seed: 'workers-test', size: 600, users: 5 });
    db = await openDatabase({ databaseUrl: TEST_DATABASE_URL, schema });
    await migrate(db);
    await seedDemo(db);
    blobDir = fs.mkdtempSync(path.join(os.tmpdir(), 'workers-test-'));
  });

  afterAll(async () => {
    for (const child of children) {
      if (child.exitCode !== null || child.signalCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    await db?.close();
    await emulator?.stop();
    const pool = new Pool({ connectionString: TEST_DATABASE_URL, max: 1 });
    await pool.query(`drop schema if exists ${schema} cascade`);
    await pool.query(`drop schema if exists ${bossSchema} cascade`);
    await pool.end();
    fs.rmSync(blobDir, { recursive: true, force: true });
  });

  function startWorker(): ChildProcess {
    // node itself with tsx as a loader (not the tsx wrapper), so SIGKILL hits the worker process.
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'infra/engine/src/worker-cli.ts')], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: TEST_DATABASE_URL,
        DATABASE_SCHEMA: schema,
        BACKUP_MASTER_KEY: MASTER,
        BACKUP_BLOB_DIR: blobDir,
        BACKUP_QUEUE_SCHEMA: bossSchema,
        BACKUP_SCHEDULE_MS: '500',
        BACKUP_STALE_SECONDS: '3',
        BACKUP_WORKER_CONCURRENCY: '1',
        // The workers' outbound guard lets them reach this emulator and nothing else on loopback.
        OUTBOUND_ALLOWED_ORIGINS: new URL(emulator.url).origin,
        OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Kept for a failing run's message: the worker's own output says why it did not take a job.
    child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
    children.push(child);
    return child;
  }

  async function waitFor<T>(what: string, probe: () => Promise<T | null | undefined | false>, ms = 60_000): Promise<T> {
    const until = Date.now() + ms;
    for (;;) {
      const value = await probe();
      if (value) return value;
      if (Date.now() > until) throw new Error(`timed out waiting for ${what}; worker output:\n${output.join('').slice(-3000)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  it('resumes a job on another process after its worker is killed', async () => {
    const { organisationId, tenant } = await insertCustomerTenant(db, MASTER, emulator, 'Workers');
    const { rows: sets } = await db.query<{ id: string }>(
      `insert into backup_sets (organisation_id, tenant_id, name, type, scope, services, schedule, retention_days)
       values ($1, $2, 'Workers', 'exchange', '{"mode":"all"}', '["mail","contacts"]', '{"frequency":"manual","time":"02:00","dayOfWeek":0}', 30) returning id`,
      [organisationId, tenant.id],
    );
    // Created without an announcement: the workers' sweep finds queued jobs on its own.
    const job = await insertJob(db, { organisationId, setId: sets[0].id, type: 'backup', title: 'Backup of Workers', payload: {} });

    // Throttling (429 + Retry-After, honoured by the connector) keeps the run long enough to kill mid-way.
    emulator.setThrottle({ status: 429, retryAfterSeconds: 1, every: 5 });
    const first = startWorker();
    const firstWorker = await waitFor('the first worker to take the job', async () => {
      const { rows: r } = await db.query<{ worker_id: string | null; objects_done: number; status: string }>('select worker_id, objects_done, status from backup_jobs where id = $1', [job.id]);
      if (r[0].status !== 'running' && r[0].status !== 'queued') throw new Error(`job ended before the kill: ${r[0].status}`);
      return r[0].objects_done >= 1 && r[0].worker_id;
    });
    first.kill('SIGKILL');
    const { rows: atKill } = await db.query<{ object_id: string; taken_at: Date }>('select object_id, taken_at from backup_snapshots where job_id = $1', [job.id]);
    expect(atKill.length).toBeGreaterThanOrEqual(1);
    expect(atKill.length).toBeLessThan(5);

    emulator.setThrottle(null);
    startWorker();
    const finished = await waitFor('the job to finish on the second worker', async () => {
      const { rows: r } = await db.query<{ worker_id: string; status: string; run_seq: number }>('select worker_id, status, run_seq from backup_jobs where id = $1', [job.id]);
      return ['succeeded', 'warning', 'failed'].includes(r[0].status) && r[0];
    });
    expect(finished.status).toBe('succeeded');
    expect(finished.worker_id).not.toBe(firstWorker);
    expect(finished.run_seq).toBe(1);
    const { rows: snapshots } = await db.query<{ object_id: string; taken_at: Date }>('select object_id, taken_at from backup_snapshots where job_id = $1', [job.id]);
    expect(snapshots).toHaveLength(5);
    // Objects finished before the kill were not backed up again.
    for (const done of atKill) expect(snapshots.find((s) => s.object_id === done.object_id)!.taken_at).toEqual(done.taken_at);
    const { rows: items } = await db.query<{ n: number }>(`select count(*) as n from backup_item_versions where set_id = $1 and valid_to_run is null`, [sets[0].id]);
    expect(Number(items[0].n)).toBeGreaterThan(0);
  });
});
