import { maintenanceStatusSchema } from '@portal/contracts';
import { maintenanceOn } from '@portal/engine/src/jobs/maintenance';
import { build, signin, signinAs, type ApiInstance } from '../../test/build';
import { openBackupEngine } from '../../services/backup-engine';

type Session = Awaited<ReturnType<typeof signin>>;

const MESSAGE = 'Upgrading storage <b>until 14:00</b> UTC';

const setMaintenance = (app: ApiInstance, who: Session, payload: object) =>
  app.inject({ method: 'PUT', url: '/backend/api/operator/maintenance', headers: who.headers, payload });

const ticket = (app: ApiInstance, who: Session) =>
  app.inject({ method: 'POST', url: '/backend/support/create', headers: who.headers, payload: { userId: who.userId, subject: 'Help', description: 'Something broke' } });

describe('maintenance mode', () => {
  it('is switched by ADMIN only, validated, public to read and audited', async () => {
    const app = await build();
    const { admin, partner } = await signinAs(app, ['admin', 'partner']);

    const publicOff = await app.inject({ method: 'GET', url: '/backend/api/platform/maintenance' });
    expect(publicOff.statusCode).toBe(200);
    expect(publicOff.json()).toEqual({ enabled: false, message: null, since: null });

    expect((await setMaintenance(app, partner, { enabled: true, message: 'x' })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/backend/api/operator/maintenance', headers: partner.headers })).statusCode).toBe(403);
    expect((await app.inject({ method: 'PUT', url: '/backend/api/operator/maintenance', payload: { enabled: true, message: 'x' } })).statusCode).toBe(401);

    const empty = await setMaintenance(app, admin, { enabled: true, message: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().errorMessage).toContain('message is a required field');
    const long = await setMaintenance(app, admin, { enabled: true, message: 'a'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().errorMessage).toContain('must be at most 500 characters');

    const on = await setMaintenance(app, admin, { enabled: true, message: `  ${MESSAGE} ` });
    expect(on.statusCode).toBe(200);
    const status = maintenanceStatusSchema.parse(on.json());
    expect(status).toMatchObject({ enabled: true, message: MESSAGE });
    expect(Date.parse(status.since!)).toBeGreaterThan(Date.now() - 60_000);
    // The message is stored and served as given: plain text, rendered as text by the pages.
    expect((await app.inject({ method: 'GET', url: '/backend/api/platform/maintenance' })).json()).toEqual(status);
    expect((await app.inject({ method: 'GET', url: '/backend/api/operator/maintenance', headers: admin.headers })).json()).toEqual(status);

    // A new message keeps the start time.
    const edited = maintenanceStatusSchema.parse((await setMaintenance(app, admin, { enabled: true, message: 'Still upgrading' })).json());
    expect(edited).toEqual({ enabled: true, message: 'Still upgrading', since: status.since });

    const off = await setMaintenance(app, admin, { enabled: false });
    expect(off.json()).toEqual({ enabled: false, message: null, since: null });

    const { rows } = await app.apiDb.query<{ action: string; actor_name: string }>(
      `select action, actor_name from audit_log where action like 'maintenance.%' order by seq`,
    );
    expect(rows).toEqual([
      { action: 'maintenance.enabled', actor_name: 'admin' },
      { action: 'maintenance.enabled', actor_name: 'admin' },
      { action: 'maintenance.disabled', actor_name: 'admin' },
    ]);
  });

  it('refuses non-ADMIN changes with 503 and the message, but not sign-in, sign-out, reads or the ADMIN', async () => {
    const app = await build();
    const { admin, customer } = await signinAs(app, ['admin', 'customer']);
    expect((await ticket(app, customer)).statusCode).toBe(201);

    await setMaintenance(app, admin, { enabled: true, message: MESSAGE });
    const refused = await ticket(app, customer);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ errorMessage: MESSAGE });
    // Refused before validation: an invalid body gets the maintenance answer too.
    const invalid = await app.inject({ method: 'POST', url: '/backend/support/create', headers: customer.headers, payload: {} });
    expect(invalid.statusCode).toBe(503);
    const anonymous = await app.inject({ method: 'POST', url: '/backend/api/register', payload: {} });
    expect(anonymous.statusCode).toBe(503);

    // Reads still work, and so do sign-in, sign-out and the forgotten-password flow.
    expect((await app.inject({ method: 'GET', url: '/backend/api/alerts', headers: customer.headers })).statusCode).toBe(200);
    const again = await signin(app, 'customer');
    expect((await app.inject({ method: 'POST', url: `/backend/api/users/${again.userId}/signout`, headers: again.headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/backend/api/forgot', payload: { email: 'nobody@example.com' } })).statusCode).not.toBe(503);

    // The ADMIN keeps working.
    expect((await ticket(app, admin)).statusCode).not.toBe(503);

    await setMaintenance(app, admin, { enabled: false });
    expect((await ticket(app, customer)).statusCode).toBe(201);
  });

  it('keeps the scheduler from starting backups while on', async () => {
    const app = await build();
    const admin = await signin(app, 'admin');
    const { rows: orgs } = await app.apiDb.query<{ organisation_id: string }>(`select organisation_id from users where username = 'customer'`);
    const org = orgs[0].organisation_id;
    const { rows: tenant } = await app.apiDb.query<{ id: string }>(
      `insert into backup_tenants (organisation_id, name, tenant_id, client_id, secret_sealed, graph_base_url, data_key_wrapped)
       values ($1, 'T', 't', 'c', 's', 'http://graph.invalid', 'k') returning id`,
      [org],
    );
    // Microseconds, as SQL's now() writes them: the scheduler must still claim the set.
    const { rows: set } = await app.apiDb.query<{ id: string }>(
      `insert into backup_sets (organisation_id, tenant_id, name, type, scope, services, schedule, retention_days, next_run_at)
       values ($1, $2, 'Nightly', 'm365', '{}', '[]', '{"frequency":"daily","time":"01:00"}', 30, timestamptz '2026-01-01 00:00:00.123456+00') returning id`,
      [org, tenant[0].id],
    );
    const { engine, close } = await openBackupEngine(app.apiDb, { workers: false, queue: 'embedded' }, () => undefined);
    try {
      await setMaintenance(app, admin, { enabled: true, message: MESSAGE });
      expect(await maintenanceOn(app.apiDb)).toBe(true);
      expect(await engine.scheduleDue()).toBe(0);
      const { rows: jobs } = await app.apiDb.query('select id from backup_jobs where set_id = $1', [set[0].id]);
      expect(jobs).toEqual([]);

      await setMaintenance(app, admin, { enabled: false });
      expect(await maintenanceOn(app.apiDb)).toBe(false);
      expect(await engine.scheduleDue()).toBe(1);
    } finally {
      await close();
    }
  });
});
