import { insertTenant, tenantCredentials } from '@portal/engine';
import { build } from '../test/build';
import { followProviderApp, type ConsentApp } from './tenant-consent-service';

// The provider rotates its app's secret in the settings: consented tenants follow it (no customer has
// to consent again); typed-in credentials and tenants of another app registration stay as they were.

jest.setTimeout(120_000);

const app: ConsentApp = { clientId: 'provider-app', clientSecret: 'old~secret', authorityUrl: 'https://login.example.test', graphBaseUrl: 'https://graph.example.test/v1.0' };

it('moves every tenant consented to the app onto its current secret, once, and nothing else', async () => {
  const api = await build({ backup: { demo: false, workers: false } });
  const db = api.apiDb;
  const { rows: keys } = await db.query<{ value: string }>(`select value from settings where key = 'backup_master_key'`);
  const masterSecret = keys[0].value;
  const { rows } = await db.query<{ id: string }>(`select id from organisations where kind = 'CUSTOMER' order by name limit 1`);
  const organisationId = rows[0].id;
  const tenant = (tenantId: string, clientId: string, clientSecret: string, connectedVia: 'consent' | 'credentials') =>
    insertTenant(db, masterSecret, { organisationId, name: tenantId, connectedVia, credentials: { tenantId, clientId, clientSecret, authorityUrl: app.authorityUrl, graphBaseUrl: app.graphBaseUrl } });
  const consented = await tenant('11111111-1111-4111-8111-111111111111', app.clientId, app.clientSecret, 'consent');
  const typed = await tenant('22222222-2222-4222-8222-222222222222', app.clientId, 'typed~secret', 'credentials');
  const earlierApp = await tenant('33333333-3333-4333-8333-333333333333', 'earlier-app', 'earlier~secret', 'consent');

  expect(await followProviderApp(db, masterSecret, app)).toBe(0);
  const rotated = { ...app, clientSecret: 'new~secret' };
  expect(await followProviderApp(db, masterSecret, rotated)).toBe(1);
  expect(await followProviderApp(db, masterSecret, rotated)).toBe(0);

  const secretOf = async (id: string) => {
    const row = (await db.query<Parameters<typeof tenantCredentials>[1]>('select * from backup_tenants where id = $1', [id])).rows[0];
    return { secret: tenantCredentials(masterSecret, row).clientSecret, status: row.status };
  };
  expect(await secretOf(consented.id)).toEqual({ secret: 'new~secret', status: 'untested' });
  expect((await secretOf(typed.id)).secret).toBe('typed~secret');
  expect((await secretOf(earlierApp.id)).secret).toBe('earlier~secret');
  await api.close();
});
