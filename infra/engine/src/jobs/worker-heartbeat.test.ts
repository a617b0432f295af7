import crypto from 'node:crypto';
import { migrate, openDatabase, type Db } from '@portal/db';
import { createEngine } from '../engine';
import type { JobQueue, ObjectStore } from '../ports';
import { startWorkerHeartbeat } from './worker-heartbeat';

// Runs on PostgreSQL (the driver a worker process uses): DATABASE_URL, else the local test database,
// in a schema of its own that holds every table of @portal/db's migrations, as in production.
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

const schema = `engine_hb_${crypto.randomBytes(5).toString('hex')}`;
let db: Db;

beforeAll(async () => {
  db = await openDatabase({ databaseUrl, schema, poolSize: 2 });
  await migrate(db);
});

afterAll(async () => {
  await db.exec(`drop schema ${schema} cascade`);
  await db.close();
});

const rows = async () =>
  (await db.query<{ id: string; pid: number; queue_kind: string; running_jobs: number; job_ids: string[]; last_seen_at: Date; host: string }>('select * from engine_workers order by id')).rows;

describe('worker heartbeat', () => {
  it('writes a row at once, refreshes it with the running jobs, and removes it on stop', async () => {
    let running: string[] = [];
    const heartbeat = startWorkerHeartbeat(db, { workerId: 'w-1', queueKind: 'pg-boss', runningJobIds: () => running, everyMs: 60_000 });
    await heartbeat.beat();
    const [first] = await rows();
    expect(first).toMatchObject({ id: 'w-1', pid: process.pid, queue_kind: 'pg-boss', running_jobs: 0, job_ids: [] });
    expect(first.host.length).toBeGreaterThan(0);
    running = ['job-a', 'job-b'];
    await heartbeat.beat();
    const [second] = await rows();
    expect(second).toMatchObject({ running_jobs: 2, job_ids: ['job-a', 'job-b'] });
    expect(new Date(second.last_seen_at).getTime()).toBeGreaterThan(new Date(first.last_seen_at).getTime());
    await heartbeat.stop();
    expect(await rows()).toEqual([]);
  });

  it('is started and stopped with the engine', async () => {
    const queue: JobQueue = { kind: 'embedded', enqueue: async () => undefined, start: async () => undefined, stop: async () => undefined };
    const objects: ObjectStore = { kind: 'none', put: async () => undefined, get: async () => null, getRange: async () => null, has: async () => false, delete: async () => undefined };
    const engine = createEngine({ db, masterSecret: 'x'.repeat(48), objects, queue, workerId: 'engine-1', scheduleEveryMs: 60_000 });
    await engine.start();
    for (let i = 0; i < 50 && (await rows()).length === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect((await rows()).map((row) => [row.id, row.queue_kind])).toEqual([['engine-1', 'embedded']]);
    await engine.stop();
    expect(await rows()).toEqual([]);
  });
});
