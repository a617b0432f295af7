import { dashboardSummarySchema, type CustomerDashboard, type PartnerDashboard } from '@portal/contracts';
import type { ApiInstance } from '../../create-api';
import { lastDays } from '../../services/dashboard-service';
import { build, signin } from '../../test/build';

type Session = Awaited<ReturnType<typeof signin>>;

async function summary(app: ApiInstance, who: Session) {
  const response = await app.inject({ method: 'GET', url: '/backend/api/dashboard', headers: who.headers });
  expect(response.statusCode).toBe(200);
  return dashboardSummarySchema.parse(response.json());
}

async function orgOf(app: ApiInstance, username: string): Promise<string> {
  const { rows } = await app.apiDb.query<{ organisation_id: string }>('select organisation_id from users where username = $1', [username]);
  return rows[0].organisation_id;
}

/** A tenant, one active set for `services`, `users` protected users and a stored blob, all under `orgId`. */
async function protect(app: ApiInstance, orgId: string, opts: { services: string[]; users: string[]; storedBytes: number; lastRunStatus: string | null }) {
  const db = app.apiDb;
  const tenant = await db.query<{ id: string }>(
    `insert into backup_tenants (organisation_id, name, tenant_id, client_id, secret_sealed, graph_base_url, data_key_wrapped)
     values ($1, 'T', 'tid', 'cid', 'sealed', 'http://graph.invalid', 'wrapped') returning id`,
    [orgId],
  );
  const set = await db.query<{ id: string }>(
    `insert into backup_sets (organisation_id, tenant_id, name, type, scope, services, schedule, retention_days, last_run_status, last_run_at, next_run_at)
     values ($1, $2, 'Set', 'm365', '{}', $3::jsonb, '{}', 30, $4, now() - interval '2 hours', now() + interval '1 day') returning id`,
    [orgId, tenant.rows[0].id, JSON.stringify(opts.services), opts.lastRunStatus],
  );
  for (const user of opts.users) {
    await db.query(`insert into backup_objects (set_id, kind, external_id, display_name) values ($1, 'user', $2, $2)`, [set.rows[0].id, user]);
  }
  await db.query('insert into backup_blobs (tenant_id, hash, size, stored_size) values ($1, $2, $3, $3)', [tenant.rows[0].id, `h-${orgId}`, opts.storedBytes]);
  return set.rows[0].id;
}

async function job(app: ApiInstance, orgId: string, status: string, hoursAgo: number) {
  await app.apiDb.query(
    `insert into backup_jobs (organisation_id, type, status, title, created_at, finished_at)
     values ($1, 'backup', $2, $3, now() - make_interval(hours => $4::int), now() - make_interval(hours => $4::int))`,
    [orgId, status, `Job ${status} ${hoursAgo}h`, hoursAgo],
  );
}

describe('GET api/dashboard', () => {
  it('answers 401 without a session', async () => {
    const app = await build();
    const response = await app.inject({ method: 'GET', url: '/backend/api/dashboard' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toHaveProperty('errorMessage');
  });

  it('sums the caller subtree only for the provider and partners', async () => {
    const app = await build();
    const customerOrg = await orgOf(app, 'customer');
    const customer2Org = await orgOf(app, 'customer2');
    const directCustomerOrg = await orgOf(app, 'directcustomer');
    await protect(app, customerOrg, { services: ['mail', 'onedrive'], users: ['u1', 'u2'], storedBytes: 1000, lastRunStatus: 'succeeded' });
    await protect(app, customer2Org, { services: ['teams'], users: ['u1'], storedBytes: 500, lastRunStatus: 'failed' });
    await protect(app, directCustomerOrg, { services: ['mail'], users: ['x'], storedBytes: 7, lastRunStatus: null });
    await job(app, customerOrg, 'succeeded', 1);
    await job(app, customerOrg, 'failed', 2);
    await job(app, customerOrg, 'succeeded', 48);
    await job(app, customer2Org, 'warning', 3);
    // Unfinished and too old jobs do not count.
    await app.apiDb.query(`insert into backup_jobs (organisation_id, type, status, title) values ($1, 'backup', 'running', 'Running')`, [customerOrg]);
    await job(app, customerOrg, 'succeeded', 24 * 9);
    await app.apiDb.query(`insert into alerts (severity, source, message, organisation_id) values ('error', 'job', 'Backup failed', $1)`, [customer2Org]);
    await app.apiDb.query(`insert into alerts (severity, source, message) values ('error', 'remote:support', 'Fallback')`);
    await app.apiDb.query(`insert into alerts (severity, source, message, organisation_id, status) values ('error', 'job', 'Old', $1, 'resolved')`, [customerOrg]);

    const partner = (await summary(app, await signin(app, 'partner'))) as PartnerDashboard;
    expect(partner.kind).toBe('partner');
    expect(partner).toMatchObject({ organisations: 1, protectedSeats: 2, storageBytes: 1000, openAlerts: 0, openTickets: 0 });
    expect(partner.jobs24h).toEqual({ finished: 2, succeeded: 1, rate: 0.5 });
    expect(partner.jobs7d).toEqual({ finished: 3, succeeded: 2, rate: 2 / 3 });
    expect(partner.daily).toHaveLength(7);
    expect(partner.daily.map((d) => d.day)).toEqual(lastDays(new Date(), 7));
    expect(partner.daily.reduce((n, d) => n + d.succeeded + d.warning + d.failed, 0)).toBe(3);

    // customer2's set backs up Teams only: its user is in scope but no seat (the usage feed's rule).
    const second = (await summary(app, await signin(app, 'partner2'))) as PartnerDashboard;
    expect(second).toMatchObject({ organisations: 1, protectedSeats: 0, storageBytes: 500, openAlerts: 1 });
    expect(second.jobs24h).toEqual({ finished: 1, succeeded: 0, rate: 0 });

    const direct = (await summary(app, await signin(app, 'directpartner'))) as PartnerDashboard;
    expect(direct).toMatchObject({ organisations: 0, protectedSeats: 0, storageBytes: 0, openAlerts: 0 });
    expect(direct.jobs7d).toEqual({ finished: 0, succeeded: 0, rate: null });

    // The provider sees everything, including platform alerts without an organisation.
    const admin = (await summary(app, await signin(app, 'admin'))) as PartnerDashboard;
    expect(admin.protectedSeats).toBe(3);
    expect(admin.storageBytes).toBe(1507);
    expect(admin.openAlerts).toBe(2);
    expect(admin.organisations).toBeGreaterThanOrEqual(6);
  });

  it('gives customers protection per service, last/next backup, storage and recent jobs of their own organisation', async () => {
    const app = await build();
    const customerOrg = await orgOf(app, 'customer');
    const customer2Org = await orgOf(app, 'customer2');
    await protect(app, customerOrg, { services: ['mail', 'onedrive'], users: ['u1'], storedBytes: 2048, lastRunStatus: 'succeeded' });
    await protect(app, customerOrg, { services: ['onedrive'], users: ['u1'], storedBytes: 0, lastRunStatus: 'warning' });
    await protect(app, customer2Org, { services: ['teams'], users: ['u1'], storedBytes: 99, lastRunStatus: 'failed' });
    await job(app, customerOrg, 'succeeded', 1);
    await job(app, customer2Org, 'failed', 1);
    await app.apiDb.query(`insert into alerts (severity, source, message, organisation_id) values ('warning', 'job', 'Warn', $1)`, [customerOrg]);
    await app.apiDb.query(`insert into alerts (severity, source, message) values ('error', 'remote:support', 'Fallback')`);

    const own = (await summary(app, await signin(app, 'customer'))) as CustomerDashboard;
    expect(own.kind).toBe('customer');
    const status = Object.fromEntries(own.services.map((s) => [s.service, s.status]));
    expect(status).toEqual({ mail: 'protected', calendar: 'unprotected', contacts: 'unprotected', onedrive: 'warning', sharepoint: 'unprotected', teams: 'unprotected' });
    expect(own.storageBytes).toBe(2048);
    expect(own.recentJobs.map((j) => j.title)).toEqual(['Job succeeded 1h']);
    expect(own.openAlerts).toBe(1);
    expect(Date.parse(own.lastBackupAt!)).toBeLessThan(Date.now());
    expect(Date.parse(own.nextBackupAt!)).toBeGreaterThan(Date.now());

    const empty = (await summary(app, await signin(app, 'directcustomer'))) as CustomerDashboard;
    expect(empty).toMatchObject({ storageBytes: 0, recentJobs: [], openAlerts: 0, lastBackupAt: null, nextBackupAt: null });
    expect(empty.services.every((s) => s.status === 'unprotected')).toBe(true);
  });
});
