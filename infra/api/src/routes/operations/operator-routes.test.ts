import { engineWorkerListSchema, operatorJobPageSchema, operatorJobSchema } from '@portal/contracts';
import { insertJob } from '@portal/engine';
import { openBackupEngine } from '../../services/backup-engine';
import { build, signin, type ApiInstance } from '../../test/build';

type Session = Awaited<ReturnType<typeof signin>>;

const get = (app: ApiInstance, session: Session, url: string) => app.inject({ method: 'GET', url: `/backend/${url}`, headers: session.headers });
const post = (app: ApiInstance, session: Session, url: string) => app.inject({ method: 'POST', url: `/backend/${url}`, headers: session.headers });

async function organisationOf(app: ApiInstance, username: string) {
  const { rows } = await app.apiDb.query<{ id: string; name: string }>('select o.id, o.name from organisations o join users u on u.organisation_id = o.id where u.username = $1', [username]);
  return rows[0];
}

describe('operator job queue and workers (ADMIN)', () => {
  it('lists queued and running jobs of every organisation with paging, and cancels one through the engine', async () => {
    // No workers here: the jobs stay queued for the operator to see.
    const app = await build({ backup: { workers: false } });
    const customer = await organisationOf(app, 'customer');
    const other = await organisationOf(app, 'customer2');
    const first = await insertJob(app.apiDb, { organisationId: customer.id, setId: null, type: 'restore', title: 'Restore of mailbox', payload: {} });
    const second = await insertJob(app.apiDb, { organisationId: other.id, setId: null, type: 'restore', title: 'Restore of site', payload: {} });
    const done = await insertJob(app.apiDb, { organisationId: other.id, setId: null, type: 'restore', title: 'Finished', payload: {} });
    await app.apiDb.query(`update backup_jobs set status = 'succeeded', finished_at = now() where id = $1`, [done.id]);
    await app.apiDb.query(`update backup_jobs set created_at = now() - interval '1 hour' where id = $1`, [first.id]);

    const admin = await signin(app, 'admin');
    const page1 = operatorJobPageSchema.parse((await get(app, admin, 'api/operator/jobs?pageSize=1')).json());
    expect(page1).toMatchObject({ total: 2, page: 1, pageSize: 1 });
    expect(page1.items[0]).toMatchObject({ id: first.id, organisationName: customer.name, type: 'restore', status: 'queued', title: 'Restore of mailbox', percent: null, cancelRequested: false });
    expect(page1.items[0].ageSeconds).toBeGreaterThanOrEqual(3599);
    const page2 = operatorJobPageSchema.parse((await get(app, admin, 'api/operator/jobs?pageSize=1&page=2')).json());
    expect(page2.items.map((j) => [j.id, j.organisationName])).toEqual([[second.id, other.name]]);
    expect((await get(app, admin, 'api/operator/jobs?pageSize=500')).statusCode).toBe(400);

    const cancelled = await post(app, admin, `api/operator/jobs/${first.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(operatorJobSchema.parse(cancelled.json())).toMatchObject({ id: first.id, status: 'cancelled', cancelRequested: true });
    expect((await post(app, admin, `api/operator/jobs/${first.id}/cancel`)).json()).toEqual({ errorMessage: 'This job has already finished' });
    expect((await post(app, admin, 'api/operator/jobs/00000000-0000-4000-8000-000000000000/cancel')).statusCode).toBe(404);
    expect((await post(app, admin, 'api/operator/jobs/not-an-id/cancel')).statusCode).toBe(400);
    expect(operatorJobPageSchema.parse((await get(app, admin, 'api/operator/jobs')).json()).items.map((j) => j.id)).toEqual([second.id]);
  });

  it.each(['customer', 'partner', 'directpartner', 'directcustomer'])('answers 403 to %s on every operator route', async (username) => {
    const app = await build({ backup: { workers: false } });
    const customer = await organisationOf(app, 'customer');
    const job = await insertJob(app.apiDb, { organisationId: customer.id, setId: null, type: 'restore', title: 'Mine', payload: {} });
    const user = await signin(app, username);
    expect((await get(app, user, 'api/operator/jobs')).statusCode).toBe(403);
    expect((await get(app, user, 'api/operator/workers')).statusCode).toBe(403);
    expect((await post(app, user, `api/operator/jobs/${job.id}/cancel`)).statusCode).toBe(403);
    const { rows } = await app.apiDb.query<{ status: string }>('select status from backup_jobs where id = $1', [job.id]);
    expect(rows[0].status).toBe('queued');
  });

  it("shows each engine process's heartbeat while it runs and drops it on a clean stop", async () => {
    const app = await build();
    const admin = await signin(app, 'admin');
    const before = engineWorkerListSchema.parse((await get(app, admin, 'api/operator/workers')).json());
    expect(before.aliveAfterSeconds).toBe(60);
    expect(before.workers).toHaveLength(1);
    expect(before.workers[0]).toMatchObject({ pid: process.pid, queueKind: 'embedded', alive: true, runningJobs: 0, jobIds: [] });

    // A second engine process on the same database (as a worker CLI would be).
    const second = await openBackupEngine(app.apiDb, { queue: 'embedded' }, () => undefined);
    let ids: string[] = [];
    for (let i = 0; i < 50; i += 1) {
      ids = engineWorkerListSchema.parse((await get(app, admin, 'api/operator/workers')).json()).workers.map((w) => w.id);
      if (ids.includes(second.engine.workerId)) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(ids).toEqual(expect.arrayContaining([before.workers[0].id, second.engine.workerId]));
    await second.close();
    const after = engineWorkerListSchema.parse((await get(app, admin, 'api/operator/workers')).json());
    expect(after.workers.map((w) => w.id)).toEqual([before.workers[0].id]);

    // A process that died without stopping stays listed, as stale.
    await app.apiDb.query(`insert into engine_workers (id, host, pid, queue_kind, last_seen_at) values ('gone', 'old-host', 42, 'pg-boss', now() - interval '5 minutes')`);
    const stale = engineWorkerListSchema.parse((await get(app, admin, 'api/operator/workers')).json());
    expect(stale.workers.find((w) => w.id === 'gone')).toMatchObject({ alive: false, host: 'old-host', pid: 42, queueKind: 'pg-boss' });
    expect(stale.workers[0].alive).toBe(true);
  });
});
