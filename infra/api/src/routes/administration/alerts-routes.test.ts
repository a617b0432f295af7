import { alertListSchema, alertSchema, ALERT_MESSAGES } from '@portal/contracts';
import type { ApiInstance } from '../../create-api';
import { build, signin, signinAs } from '../../test/build';

type Session = Awaited<ReturnType<typeof signin>>;

async function list(app: ApiInstance, who: Session, query = '') {
  const response = await app.inject({ method: 'GET', url: `/backend/api/alerts${query}`, headers: who.headers });
  expect(response.statusCode).toBe(200);
  return alertListSchema.parse(response.json()).alerts;
}

const act = (app: ApiInstance, who: Session, id: string, action: 'acknowledge' | 'resolve') =>
  app.inject({ method: 'POST', url: `/backend/api/alerts/${id}/${action}`, headers: who.headers });

async function orgOf(app: ApiInstance, username: string): Promise<string> {
  const { rows } = await app.apiDb.query<{ organisation_id: string }>('select organisation_id from users where username = $1', [username]);
  return rows[0].organisation_id;
}

async function raise(app: ApiInstance, severity: string, message: string, orgId: string | null): Promise<string> {
  const { rows } = await app.apiDb.query<{ id: string }>(
    `insert into alerts (severity, source, message, organisation_id) values ($1, 'test', $2, $3) returning id::text as id`,
    [severity, message, orgId],
  );
  return rows[0].id;
}

describe('alerts', () => {
  it('scopes alerts to the subtree; platform alerts are the provider only; others answer 404', async () => {
    const app = await build();
    const customerOrg = await orgOf(app, 'customer');
    const customer2Org = await orgOf(app, 'customer2');
    const own = await raise(app, 'error', 'Customer alert', customerOrg);
    const other = await raise(app, 'warning', 'Customer2 alert', customer2Org);
    const platform = await raise(app, 'error', 'Remote fallback', null);

    const { customer, partner, directpartner, admin } = await signinAs(app, ['customer', 'partner', 'directpartner', 'admin']);

    expect((await list(app, customer)).map((a) => a.message)).toEqual(['Customer alert']);
    expect((await list(app, partner)).map((a) => a.message)).toEqual(['Customer alert']);
    expect(await list(app, directpartner)).toEqual([]);
    expect((await list(app, admin)).map((a) => a.message).sort()).toEqual(['Customer alert', 'Customer2 alert', 'Remote fallback']);
    expect((await list(app, admin, '?severity=warning')).map((a) => a.message)).toEqual(['Customer2 alert']);
    expect((await list(app, admin)).find((a) => a.id === platform)?.organisationName).toBeNull();

    for (const [who, id] of [
      [customer, other],
      [customer, platform],
      [partner, platform],
      [directpartner, own],
    ] as const) {
      const response = await act(app, who, id, 'acknowledge');
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ errorMessage: 'Not found' });
      expect((await act(app, who, id, 'resolve')).statusCode).toBe(404);
    }
    expect((await act(app, admin, '999999', 'resolve')).statusCode).toBe(404);
    expect((await act(app, admin, 'abc', 'resolve')).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/backend/api/alerts' })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: '/backend/api/alerts?severity=loud', headers: admin.headers })).statusCode).toBe(400);
  });

  it('acknowledges once, then resolves, recording who and when', async () => {
    const app = await build();
    const id = await raise(app, 'critical', 'Disk full', await orgOf(app, 'customer'));
    const { partner, customer } = await signinAs(app, ['partner', 'customer']);

    const acked = await act(app, partner, id, 'acknowledge');
    expect(acked.statusCode).toBe(200);
    expect(alertSchema.parse(acked.json())).toMatchObject({ status: 'acknowledged', acknowledgedByName: 'partner', resolvedAt: null });
    const again = await act(app, customer, id, 'acknowledge');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ errorMessage: ALERT_MESSAGES.notOpen });

    const resolved = await act(app, customer, id, 'resolve');
    expect(resolved.statusCode).toBe(200);
    expect(alertSchema.parse(resolved.json())).toMatchObject({ status: 'resolved', acknowledgedByName: 'partner', resolvedByName: 'customer' });
    expect((await act(app, customer, id, 'resolve')).json()).toEqual({ errorMessage: ALERT_MESSAGES.alreadyResolved });

    // Resolved alerts leave the default (active) list but stay in the history.
    expect(await list(app, customer)).toEqual([]);
    expect((await list(app, customer, '?status=resolved')).map((a) => a.id)).toEqual([id]);
    expect((await list(app, customer, '?status=all')).map((a) => a.id)).toEqual([id]);
    const { rows } = await app.apiDb.query<{ acknowledged: boolean }>('select acknowledged from alerts where id = $1', [id]);
    expect(rows[0].acknowledged).toBe(true);
  });

  it('raises an alert for the organisation when a job fails or warns', async () => {
    const app = await build();
    const customerOrg = await orgOf(app, 'customer');
    const insert = async (title: string) =>
      (await app.apiDb.query<{ id: string }>(`insert into backup_jobs (organisation_id, type, title) values ($1, 'backup', $2) returning id`, [customerOrg, title])).rows[0].id;
    const failed = await insert('Backup of Mail');
    const warned = await insert('Backup of Teams');
    const fine = await insert('Backup of Sites');
    await app.apiDb.query(`update backup_jobs set status = 'running' where id in ($1, $2, $3)`, [failed, warned, fine]);
    await app.apiDb.query(`update backup_jobs set status = 'failed', error_message = 'Consent revoked' where id = $1`, [failed]);
    await app.apiDb.query(`update backup_jobs set status = 'warning' where id = $1`, [warned]);
    await app.apiDb.query(`update backup_jobs set status = 'succeeded' where id = $1`, [fine]);
    // Touching a failed job again raises nothing new.
    await app.apiDb.query(`update backup_jobs set status = 'failed' where id = $1`, [failed]);

    const alerts = await list(app, await signin(app, 'customer'));
    expect(alerts.map((a) => [a.severity, a.source, a.message]).sort()).toEqual([
      ['error', `job:${failed}`, 'Job failed: Backup of Mail (Consent revoked)'],
      ['warning', `job:${warned}`, 'Job finished with warnings: Backup of Teams'],
    ]);
    expect(await list(app, await signin(app, 'customer2'))).toEqual([]);
  });
});
