import { alertListSchema, BACKUP_MESSAGES, type AlertView, type BackupSet, type Job, type Tenant } from '@portal/contracts';
import { build, signin, type ApiInstance, type Session } from '../test/build';
import { call, manualExchangeSet, waitForJob } from '../test/calls';
import { checkSecretExpiry } from './m365-alerts';
import { emulatorOutbound } from '../test/emulator-outbound';
import { testEmulator } from '../test/emulator';

// M365 connection alerts against the in-process emulator: lost consent (raised by a connection test
// or a backup, resolved by the next success) and an app secret expiring within 30 days.

jest.setTimeout(180_000);

const emulator = testEmulator({ seed: 'm365-alerts', size: 200, users: 2 });
afterEach(() => {
  emulator.grantConsent();
  emulator.setFailure(null);
});

const connectBody = (extra: object = {}) => ({ name: 'Contoso alerts', ...emulator.credentials, ...extra });

async function m365Alerts(app: ApiInstance, session: Session): Promise<AlertView[]> {
  return alertListSchema.parse((await call(app, session, 'GET', 'api/alerts?kind=m365&status=all')).body).alerts;
}

async function runBackup(app: ApiInstance, session: Session, setId: string): Promise<Job> {
  const run = await call<Job>(app, session, 'POST', `api/backup/sets/${setId}/run`);
  expect(run.status).toBe(202);
  return waitForJob(app, session, run.body.id);
}

const day = (offset: number, from = new Date()) => new Date(from.getTime() + offset * 86_400_000).toISOString().slice(0, 10);

describe('M365 connection alerts', () => {
  it('raises one critical alert when consent is revoked and resolves it after a successful backup or test', async () => {
    const app = await build({ backup: { demo: false, scheduleEveryMs: 60_000, outbound: emulatorOutbound(emulator) } });
    const customer = await signin(app, 'customer');
    const tenant = (await call<Tenant>(app, customer, 'POST', 'api/backup/tenants', connectBody())).body;
    const set = await call<BackupSet>(app, customer, 'POST', 'api/backup/sets', manualExchangeSet(tenant.id, 'Contacts', ['contacts']));
    expect(set.status).toBe(201);

    // A connection test after the administrator removed consent.
    emulator.revokeConsent();
    const test = await call<{ ok: boolean; failureReason?: string }>(app, customer, 'POST', `api/backup/tenants/${tenant.id}/test`);
    expect(test.body.ok).toBe(false);
    expect(test.body.failureReason).toContain('AADSTS65001');
    expect((await call(app, customer, 'POST', `api/backup/tenants/${tenant.id}/test`)).body).toMatchObject({ ok: false });
    const marked = (await call<Tenant>(app, customer, 'GET', `api/backup/tenants/${tenant.id}`)).body;
    expect(marked.status).toBe('error');
    expect(marked.lastError).toMatch(/lost admin consent/);
    const [raised, ...more] = await m365Alerts(app, customer);
    expect(more).toEqual([]);
    expect(raised).toMatchObject({ severity: 'critical', source: `m365:consent:${tenant.id}`, status: 'open', organisationName: 'Demo Customer' });
    expect(raised.message).toContain('Contoso alerts');
    expect(await m365Alerts(app, await signin(app, 'customer2'))).toEqual([]);

    // Consent granted again: the next backup succeeds and settles the alert.
    emulator.grantConsent();
    expect((await runBackup(app, customer, set.body.id)).status).toBe('succeeded');
    expect((await m365Alerts(app, customer)).map((a) => [a.id, a.status])).toEqual([[raised.id, 'resolved']]);
    expect((await call<Tenant>(app, customer, 'GET', `api/backup/tenants/${tenant.id}`)).body).toMatchObject({ status: 'connected', lastError: null });

    // Revoked during backups: the job fails, the tenant is marked, a new alert opens; a test settles it.
    emulator.revokeConsent();
    const failed = await runBackup(app, customer, set.body.id);
    expect(failed.status).toBe('failed');
    const reopened = (await m365Alerts(app, customer)).filter((a) => a.status === 'open');
    expect(reopened).toHaveLength(1);
    expect(reopened[0].id).not.toBe(raised.id);
    // Another kind of failure says nothing about consent: the alert stays open.
    emulator.grantConsent();
    emulator.setFailure({ status: 400, code: 'BadRequest', match: '/organization' });
    expect((await call(app, customer, 'POST', `api/backup/tenants/${tenant.id}/test`)).body).toMatchObject({ ok: false });
    expect((await m365Alerts(app, customer)).filter((a) => a.status === 'open').map((a) => a.id)).toEqual([reopened[0].id]);
    emulator.setFailure(null);
    expect((await call(app, customer, 'POST', `api/backup/tenants/${tenant.id}/test`)).body).toMatchObject({ ok: true });
    expect((await m365Alerts(app, customer)).every((a) => a.status === 'resolved')).toBe(true);
  });

  it('raises a secret-expiry alert once within 30 days, never beyond, and settles it when the date changes', async () => {
    const app = await build({ backup: { demo: false, scheduleEveryMs: 60_000, outbound: emulatorOutbound(emulator) } });
    const customer = await signin(app, 'customer');
    const past = await call(app, customer, 'POST', 'api/backup/tenants', connectBody({ secretExpiresAt: day(-3) }));
    expect(past.status).toBe(400);
    expect(JSON.stringify(past.body)).toContain(BACKUP_MESSAGES.secretExpiryPast);
    expect((await call(app, customer, 'POST', 'api/backup/tenants', connectBody({ secretExpiresAt: '2026-02-30' }))).status).toBe(400);

    const expires = day(40);
    const tenant = (await call<Tenant>(app, customer, 'POST', 'api/backup/tenants', connectBody({ secretExpiresAt: expires }))).body;
    expect(tenant.secretExpiresAt).toBe(expires);
    expect(await checkSecretExpiry(app.apiDb)).toBe(0); // 40 days ahead
    expect(await checkSecretExpiry(app.apiDb, new Date(Date.now() + 9 * 86_400_000))).toBe(0); // 31 days ahead
    expect(await m365Alerts(app, customer)).toEqual([]);

    const in29 = new Date(Date.now() + 11 * 86_400_000);
    expect(await checkSecretExpiry(app.apiDb, in29)).toBe(1);
    expect(await checkSecretExpiry(app.apiDb, in29)).toBe(0);
    expect(await checkSecretExpiry(app.apiDb, new Date(Date.now() + 35 * 86_400_000))).toBe(0); // once per date, even when critical
    const [alert, ...more] = await m365Alerts(app, customer);
    expect(more).toEqual([]);
    expect(alert).toMatchObject({ severity: 'warning', source: `m365:secret:${tenant.id}`, status: 'open' });
    expect(alert.message).toContain(`expires on ${expires} (in 29 days)`);

    // A new secret with a new date: the old alert is settled; a date within 7 days is critical at once.
    const updated = await call<Tenant>(app, customer, 'PATCH', `api/backup/tenants/${tenant.id}`, { secretExpiresAt: day(5) });
    expect(updated.status).toBe(200);
    expect(updated.body.secretExpiresAt).toBe(day(5));
    const after = await m365Alerts(app, customer);
    expect(after.find((a) => a.id === alert.id)?.status).toBe('resolved');
    expect(after.filter((a) => a.status === 'open').map((a) => a.severity)).toEqual(['critical']);
    expect((await call(app, customer, 'PATCH', `api/backup/tenants/${tenant.id}`, { secretExpiresAt: day(-2) })).status).toBe(400);
    const cleared = await call<Tenant>(app, customer, 'PATCH', `api/backup/tenants/${tenant.id}`, { secretExpiresAt: null });
    expect(cleared.body.secretExpiresAt).toBeNull();
    expect((await m365Alerts(app, customer)).every((a) => a.status === 'resolved')).toBe(true);
  });
});
