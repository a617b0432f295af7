import { threadNices } from '@portal/db/src/testing/thread-nices';
import type { BackupSet, ItemPage, Job, ProtectedObjectPage, Tenant } from '@portal/contracts';
import { build, signin, TEST_DATABASE_URL, type ApiInstance, type Session } from '../test/build';
import { call, manualExchangeSet, waitForJob } from '../test/calls';
import { emulatorOutbound } from '../test/emulator-outbound';
import { testEmulator } from '../test/emulator';

// BACKUP_ENGINE_THREAD=1 (off by default): the API's job workers run apart from its requests. On
// PGlite on a worker thread that reaches the API's database through the bridge; on PostgreSQL
// (DATABASE_URL) in a child process with its own pool in the API's schema (its own test:
// infra/engine/src/thread/engine-process.test.ts).

jest.setTimeout(180_000);

const emulator = testEmulator({ seed: 'thread-test', size: 200, users: 2 });

describe('the engine thread', () => {
  let app: ApiInstance;
  let customer: Session;

  beforeEach(async () => {
    app = await build({ backup: { demo: false, thread: true, scheduleEveryMs: 60_000, outbound: emulatorOutbound(emulator) } });
    customer = await signin(app, 'customer');
  });

  it('runs a backup queued through the API, whose content the API then serves', async () => {
    const tenant = await call<Tenant>(app, customer, 'POST', 'api/backup/tenants', { name: 'Thread test', ...emulator.credentials });
    expect(tenant.status).toBe(201);
    const set = await call<BackupSet>(app, customer, 'POST', 'api/backup/sets', manualExchangeSet(tenant.body.id, 'Threaded', ['mail']));
    expect(set.status).toBe(201);
    const run = await call<Job>(app, customer, 'POST', `api/backup/sets/${set.body.id}/run`);
    expect(run.status).toBe(202);
    const job = await waitForJob(app, customer, run.body.id);
    expect(job.status).toBe('succeeded');
    expect(job.progress.itemsDone).toBeGreaterThan(0);

    // Claimed by the thread's (or process's) engine, the one worker announced (the API's own engine only submits).
    const { rows } = await app.apiDb.query<{ worker_id: string }>('select worker_id from backup_jobs where id = $1', [run.body.id]);
    expect(rows[0].worker_id).toMatch(TEST_DATABASE_URL ? new RegExp(`:child-of-${process.pid}:`) : /:thread\d+:/);
    const workers = await app.apiDb.query<{ id: string; pid: number }>('select id, pid from engine_workers');
    expect(workers.rows.map((row) => row.id)).toEqual([rows[0].worker_id]);

    // Background work at the lowest priority (nice 19, below the database thread's 10).
    if (process.platform === 'linux') expect(threadNices(workers.rows[0].pid)).toContain(19);

    // What the thread stored, the API reads back (same blob store, same keys).
    const objects = await call<ProtectedObjectPage>(app, customer, 'GET', `api/backup/sets/${set.body.id}/objects`);
    const items = await call<ItemPage>(app, customer, 'GET', `api/backup/sets/${set.body.id}/items?objectId=${objects.body.items[0].id}&service=mail&pageSize=1`);
    const link = await call<{ url: string }>(app, customer, 'GET', `api/backup/items/${items.body.items[0].id}/download-link`);
    const eml = await app.inject({ method: 'GET', url: link.body.url });
    expect(eml.statusCode).toBe(200);
    expect(eml.body).toMatch(/^(?:[\w-]+: .*\r?\n)+/);
  });
});
