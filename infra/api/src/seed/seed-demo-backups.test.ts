import type { BackupSetPage, JobPage, TenantList } from '@portal/contracts';
import { build, signin } from '../test/build';
import { DEMO_PROVIDER_APP_ID } from './seed-demo-backups';

jest.setTimeout(120_000);

describe('demo backups', () => {
  it('connects the demo customer to an in-process emulator and runs a first backup', async () => {
    const app = await build({ backup: { demo: true, demoSize: 300 } });
    const customer = await signin(app, 'customer');
    const tenants = (await app.inject({ method: 'GET', url: '/backend/api/backup/tenants', headers: customer.headers })).json() as TenantList;
    expect(tenants.items).toHaveLength(1);
    expect(tenants.items[0]).toMatchObject({ demo: true, status: 'connected' });
    expect(new URL(tenants.items[0].graphBaseUrl).hostname).toBe('127.0.0.1');
    // Without M365_APP_*, Connect with Microsoft goes to the demo emulator's stand-in provider app.
    expect(tenants.consentAvailable).toBe(true);
    const started = await app.inject({ method: 'POST', url: '/backend/api/backup/tenants/consent', headers: customer.headers, payload: {} });
    const consentUrl = new URL((started.json() as { url: string }).url);
    expect([consentUrl.origin, consentUrl.searchParams.get('client_id')]).toEqual([new URL(tenants.items[0].graphBaseUrl).origin, DEMO_PROVIDER_APP_ID]);
    const sets = (await app.inject({ method: 'GET', url: '/backend/api/backup/sets', headers: customer.headers })).json() as BackupSetPage;
    expect(sets.items.map((s) => [s.name, s.demo])).toEqual([['Demo Microsoft 365', true]]);

    let jobs: JobPage;
    const until = Date.now() + 100_000;
    do {
      await new Promise((resolve) => setTimeout(resolve, 250));
      jobs = (await app.inject({ method: 'GET', url: '/backend/api/jobs', headers: customer.headers })).json() as JobPage;
    } while (jobs.items[0]?.status !== 'succeeded' && jobs.items[0]?.status !== 'failed' && Date.now() < until);
    expect(jobs.items[0]).toMatchObject({ type: 'backup', status: 'succeeded' });
    const after = (await app.inject({ method: 'GET', url: '/backend/api/backup/sets', headers: customer.headers })).json() as BackupSetPage;
    expect(after.items[0].itemCount).toBeGreaterThan(0);

    // Other organisations see none of it.
    const other = await signin(app, 'directcustomer');
    expect(((await app.inject({ method: 'GET', url: '/backend/api/backup/sets', headers: other.headers })).json() as BackupSetPage).total).toBe(0);
  });
});
