import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { auditVerifySchema, type BackupSet, type ItemPage, type Job, type Tenant } from '@portal/contracts';
import { folderStoreReader } from '../../remotes/remote-store';
import { publishVersion } from '../../services/remote-ops-service';
import { build, signin, signinAs, type ApiInstance, type Session } from '../../test/build';
import { call as request, waitForJob, type Method } from '../../test/calls';
import { imageBody, PNG_1X1 } from '../../test/images';
import { emulatorOutbound } from '../../test/emulator-outbound';
import { testEmulator } from '../../test/emulator';

// The audit entries beyond sign-in, MFA, password and user management: who, what, target
// and address of every security- or data-relevant change, never a secret, and the chain still holds.

jest.setTimeout(180_000);

const emulator = testEmulator({ seed: 'audit-test', size: 30, users: 1 });

interface Entry {
  actor: string | null;
  action: string;
  target: string | null;
  ip: string | null;
  detail: Record<string, unknown>;
  organisation: string;
}

/** The body of a request that must succeed. */
async function call<T>(app: ApiInstance, who: Session, method: Method, url: string, payload?: unknown): Promise<T> {
  const { status, body } = await request<T>(app, who, method, url, payload);
  expect(status).toBeLessThan(300);
  return body;
}

/** Entries other than sign-ins, oldest first, with the name of the organisation they belong to. */
async function entries(app: ApiInstance): Promise<Entry[]> {
  const { rows } = await app.apiDb.query<Entry>(
    `select a.actor_name as actor, a.action, a.target, a.ip, a.detail, o.name as organisation
     from audit_log a join organisations o on o.path = a.organisation_path
     where a.action not like 'signin.%' order by a.seq`,
  );
  return rows;
}

async function chainValid(app: ApiInstance): Promise<boolean> {
  const admin = await signin(app, 'admin');
  const response = await app.inject({ method: 'GET', url: '/backend/admin/audit/verify', headers: admin.headers });
  return auditVerifySchema.parse(response.json()).valid;
}

describe('audit trail', () => {
  it('records tenants, backup sets, backups, restores, previews, downloads and deletions of a customer', async () => {
    const app = await build({ backup: { demo: false, scheduleEveryMs: 60_000, outbound: emulatorOutbound(emulator) } });
    const customer = await signin(app, 'customer');
    const connect = { name: 'Audit tenant', ...emulator.credentials };
    const tenant = await call<Tenant>(app, customer, 'POST', 'api/backup/tenants', connect);
    await call<Tenant>(app, customer, 'PATCH', `api/backup/tenants/${tenant.id}`, { name: 'Audit tenant 2', clientSecret: emulator.clientSecret });
    const users = await call<{ items: Array<{ externalId: string; displayName: string }> }>(app, customer, 'GET', `api/backup/tenants/${tenant.id}/directory?kind=user`);
    const set = await call<BackupSet>(app, customer, 'POST', 'api/backup/sets', {
      name: 'Audit set',
      tenantId: tenant.id,
      type: 'm365',
      scope: { mode: 'selected', objects: [{ kind: 'user', ...users.items[0] }] },
      services: ['mail'],
      schedule: { frequency: 'daily', time: '03:00', dayOfWeek: 0 },
      retention: { days: 30 },
    });
    await call(app, customer, 'PATCH', `api/backup/sets/${set.id}`, { name: 'Audit set 2' });
    const run = await call<Job>(app, customer, 'POST', `api/backup/sets/${set.id}/run`);
    expect((await waitForJob(app, customer, run.id)).status).toBe('succeeded');
    const item = (await call<ItemPage>(app, customer, 'GET', `api/backup/sets/${set.id}/items?pageSize=1`)).items[0];
    await call(app, customer, 'GET', `api/backup/items/${item.id}`);
    await call(app, customer, 'GET', `api/backup/items/${item.id}/download-link`);
    const restore = await call<Job>(app, customer, 'POST', 'api/backup/restores', { setId: set.id, selection: { kind: 'items', itemIds: [item.id] }, destination: { kind: 'download' } });
    expect((await waitForJob(app, customer, restore.id)).downloadReady).toBe(true);
    await call(app, customer, 'GET', `api/jobs/${restore.id}/download-link`);
    await call(app, customer, 'DELETE', `api/backup/sets/${set.id}`);
    await call(app, customer, 'DELETE', `api/backup/tenants/${tenant.id}`);

    const logged = await entries(app);
    expect(logged.map((e) => [e.action, e.target])).toEqual([
      ['tenant.connected', 'Audit tenant'],
      ['tenant.updated', 'Audit tenant 2'],
      ['backup_set.created', 'Audit set'],
      ['backup_set.updated', 'Audit set 2'],
      ['backup.started', 'Audit set 2'],
      ['item.previewed', item.name],
      ['item.downloaded', item.id],
      ['restore.started', 'Audit set 2'],
      ['restore.downloaded', 'Audit set 2'],
      ['backup_set.deleted', 'Audit set 2'],
      ['tenant.deleted', 'Audit tenant 2'],
    ]);
    for (const entry of logged) expect(entry).toMatchObject({ actor: 'customer', ip: '127.0.0.1', organisation: 'Demo Customer' });
    expect(logged[1].detail).toEqual({ fields: ['name', 'clientSecret'] });
    expect(logged[7].detail).toEqual({ jobId: restore.id, destination: 'download' });
    // The client secret is never written, not even in a detail.
    expect(JSON.stringify(logged)).not.toContain(emulator.clientSecret);
    // The customer sees its own entries in the activity view; the chain still verifies.
    const view = await app.inject({ method: 'GET', url: '/backend/admin/audit?action=tenant.deleted', headers: customer.headers });
    expect(view.json().entries).toEqual([expect.objectContaining({ actorName: 'customer', target: 'Audit tenant 2', ip: '127.0.0.1' })]);
    expect(await chainValid(app)).toBe(true);
  });

  it('records e-mail changes, branding, alert handling, deploys (also from the CLI) and rollbacks', async () => {
    const app = await build();
    const { customer, partner, admin } = await signinAs(app, ['customer', 'partner', 'admin']);

    const profile = await call<{ email: string; firstName: string; lastName: string }>(app, customer, 'GET', `api/users/${customer.userId}/profile`);
    const edit = { firstName: profile.firstName, lastName: profile.lastName, email: profile.email, phone: '+49 30 1234567', timeZone: 'Europe/Berlin', language: 'de' };
    await call(app, customer, 'PUT', `api/users/${customer.userId}/profile`, { ...edit, firstName: 'Chrissy' });
    await call(app, customer, 'PUT', `api/users/${customer.userId}/profile`, { ...edit, email: 'chris@audit.example', currentPassword: 'Portal#2026' });

    const branding = { copyrightText: '© Audit', whiteLabelEmail: 'brand@partner.example', whitelabelImageUrl: 'https://cdn.partner.example/logo.png', presetColor: 'theme3' };
    await call(app, partner, 'PUT', `api/users/${partner.userId}/whitelabel`, branding);
    const { uploadId } = await call<{ uploadId: string }>(app, partner, 'PUT', `api/users/${partner.userId}/whitelabel/image`, imageBody(PNG_1X1));
    await call(app, partner, 'POST', `api/users/${partner.userId}/commit/whitelabel/image`, { uploadId });

    const { rows } = await app.apiDb.query<{ id: string }>(
      `insert into alerts (severity, source, message, organisation_id) select 'error', 'test', 'Audit alert', organisation_id from users where username = 'customer' returning id::text as id`,
    );
    await call(app, partner, 'POST', `api/alerts/${rows[0].id}/acknowledge`);
    await call(app, customer, 'POST', `api/alerts/${rows[0].id}/resolve`);

    // The CLI writes the registry directly, without a signed-in user; the API rolls back as ADMIN.
    const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'audit-remotes-'));
    try {
      for (const version of ['9.0.0-audit1', '9.0.0-audit2']) {
        const source = `var support = '${version}';`;
        fs.mkdirSync(path.join(storeDir, 'support', version), { recursive: true });
        fs.writeFileSync(path.join(storeDir, 'support', version, 'remoteEntry.js'), source);
        await publishVersion(app.apiDb, folderStoreReader(storeDir), { name: 'support', version }, { name: 'cli:ops', userId: null, ip: null });
      }
    } finally {
      fs.rmSync(storeDir, { recursive: true, force: true });
    }
    await call(app, admin, 'POST', 'api/remotes/support/rollback', { to: '9.0.0-audit1' });

    const logged = (await entries(app)).map(({ actor, action, target, ip, organisation }) => ({ actor, action, target, ip, organisation }));
    expect(logged).toEqual([
      { actor: 'customer', action: 'email.changed', target: 'customer', ip: '127.0.0.1', organisation: 'Demo Customer' },
      { actor: 'partner', action: 'branding.updated', target: 'Demo Partner', ip: '127.0.0.1', organisation: 'Demo Partner' },
      { actor: 'partner', action: 'branding.logo_uploaded', target: 'Demo Partner', ip: '127.0.0.1', organisation: 'Demo Partner' },
      { actor: 'partner', action: 'alert.acknowledged', target: 'Audit alert', ip: '127.0.0.1', organisation: 'Demo Partner' },
      { actor: 'customer', action: 'alert.resolved', target: 'Audit alert', ip: '127.0.0.1', organisation: 'Demo Customer' },
      { actor: 'operator (cli:ops)', action: 'remote.deployed', target: 'support@9.0.0-audit1', ip: null, organisation: 'Demo Provider' },
      { actor: 'operator (cli:ops)', action: 'remote.deployed', target: 'support@9.0.0-audit2', ip: null, organisation: 'Demo Provider' },
      { actor: 'admin', action: 'remote.rolled_back', target: 'support@9.0.0-audit1', ip: '127.0.0.1', organisation: 'Demo Provider' },
    ]);
    const details = (await entries(app)).map((e) => e.detail);
    expect(details[0]).toEqual({ from: profile.email, to: 'chris@audit.example' });
    expect(details[1]).toEqual({ fields: ['copyrightText', 'whitelabelImageUrl', 'whiteLabelEmail', 'presetColor'] });
    expect(details[7]).toEqual({ fromVersion: '9.0.0-audit2' });
    // Platform entries are the provider's: a partner does not see deploys.
    const partnerView = await app.inject({ method: 'GET', url: '/backend/admin/audit?action=remote.deployed', headers: partner.headers });
    expect(partnerView.json().total).toBe(0);
    expect(await chainValid(app)).toBe(true);
  });
});
