import crypto from 'node:crypto';
import { REQUIRED_GRAPH_PERMISSIONS } from '@portal/config';
import { TENANT_CONSENT_MESSAGES } from '@portal/contracts';
import { build, signin, type ApiInstance } from '../../test/build';
import { emulatorOutbound } from '../../test/emulator-outbound';
import { testEmulator } from '../../test/emulator';

// Connect with Microsoft: start -> Microsoft's (the emulator's) admin consent -> callback. The state is
// random, stored as a hash, bound to the organisation, user and browser, used once, and good 10 minutes;
// the callback always redirects to the portal's own page with an outcome code, never answers 500.

// The app registration asks for every required permission but one, so the tenant's page has one to flag.
const granted = REQUIRED_GRAPH_PERMISSIONS.map((p) => p.name).filter((name) => name !== 'ChannelMessage.Read.All');
const providerApp = { clientId: '5e1f0c1a-7a1b-4c55-9d2e-0000000c0de5', clientSecret: 'provider~secret', roles: granted };
// The first PGlite lease of a worker boots and migrates it: slow on the shared 2-core machine.
jest.setTimeout(180_000);
const emulator = testEmulator({ seed: 'tenant-consent', size: 200, providerApp });

const consentApp = () => ({ clientId: providerApp.clientId, clientSecret: providerApp.clientSecret, authorityUrl: emulator.authorityUrl, graphBaseUrl: emulator.url });
const start = (withConsentApp = true) => build({ backup: { demo: false, workers: false, outbound: emulatorOutbound(emulator), ...(withConsentApp ? { consentApp: consentApp() } : {}) } });

/** Starts the flow as this user; the consent URL's parameters and the browser's binding cookie. */
async function startFlow(app: ApiInstance, headers: Record<string, string>, body: object = {}) {
  const res = await app.inject({ method: 'POST', url: '/backend/api/backup/tenants/consent', headers, payload: body });
  expect(res.statusCode).toBe(200);
  const url = new URL((res.json() as { url: string }).url);
  const cookie = String(res.headers['set-cookie']).split(';')[0];
  return { url, params: Object.fromEntries(url.searchParams), cookie };
}

/** The administrator's answer on the emulator's consent page: where Microsoft sends the browser next. */
async function answerAtMicrosoft(flow: { url: URL }, decision: 'accept' | 'cancel'): Promise<URL> {
  const res = await fetch(`${flow.url.origin}${flow.url.pathname}`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ ...Object.fromEntries(flow.url.searchParams), decision }),
  });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

async function callback(app: ApiInstance, target: URL | string, cookie?: string, page = '/backup') {
  const url = typeof target === 'string' ? target : `${target.pathname}${target.search}`;
  const res = await app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
  expect(res.statusCode).toBe(303);
  const location = new URL(res.headers.location as string, 'http://portal.test');
  expect(`${location.origin}${location.pathname}`).toBe(`http://portal.test${page}`);
  return Object.fromEntries(location.searchParams);
}

const tenantRows = async (app: ApiInstance) =>
  (await app.apiDb.query<{ tenant_id: string; connected_via: string; status: string; name: string; granted_permissions: string[] | null }>('select tenant_id, connected_via, status, name, granted_permissions from backup_tenants')).rows;

describe('Connect with Microsoft', () => {
  it('stores the state as a hash bound to the user, then records the consented tenant and tests it at once', async () => {
    const app = await start();
    const { headers, userId } = await signin(app, 'customer');
    expect((await app.inject({ method: 'GET', url: '/backend/api/backup/tenants', headers })).json()).toEqual({ items: [], consentAvailable: true });
    const flow = await startFlow(app, headers);
    expect(`${flow.url.origin}${flow.url.pathname}`).toBe(`${emulator.authorityUrl}/organizations/v2.0/adminconsent`);
    expect(flow.params).toMatchObject({ client_id: providerApp.clientId, scope: 'https://graph.microsoft.com/.default', redirect_uri: 'http://localhost:80/backend/api/backup/tenants/consent/callback' });
    expect(flow.params.state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(flow.cookie).toMatch(/^portal_consent_binding=[A-Za-z0-9_-]{43}$/);
    const { rows } = await app.apiDb.query<{ state_hash: string; user_id: string; minutes: number }>(
      `select state_hash, user_id, round(extract(epoch from expires_at - created_at) / 60)::int as minutes from tenant_consent_states`,
    );
    expect(rows).toEqual([{ state_hash: crypto.createHash('sha256').update(flow.params.state).digest('hex'), user_id: userId, minutes: 10 }]);

    const back = await answerAtMicrosoft(flow, 'accept');
    const outcome = await callback(app, back, flow.cookie);
    expect(outcome.consent).toBe('connected');
    const tenants = (await app.inject({ method: 'GET', url: '/backend/api/backup/tenants', headers })).json() as { items: Array<Record<string, unknown>> };
    expect(tenants.items).toEqual([
      expect.objectContaining({ id: outcome.tenant, tenantId: emulator.tenantId, clientId: providerApp.clientId, name: emulator.organizationName, status: 'connected', connectedVia: 'consent', grantedPermissions: granted }),
    ]);

    // The same answer again: used.
    expect(await callback(app, back, flow.cookie)).toEqual({ consent: 'used' });
    expect(await tenantRows(app)).toHaveLength(1);
  });

  it('refuses an expired state (11 minutes), a state of another organisation or browser, a bad tenant id and a missing state', async () => {
    const app = await start();
    const customer = await signin(app, 'customer');
    const other = await signin(app, 'customer2');

    const late = await startFlow(app, customer.headers);
    await app.apiDb.query(`update tenant_consent_states set created_at = created_at - interval '11 minutes', expires_at = expires_at - interval '11 minutes'`);
    expect(await callback(app, await answerAtMicrosoft(late, 'accept'), late.cookie)).toEqual({ consent: 'expired' });

    // customer's state in customer2's browser (its own binding cookie), and in a browser with none.
    const mine = await startFlow(app, customer.headers);
    const theirs = await startFlow(app, other.headers);
    const back = await answerAtMicrosoft(mine, 'accept');
    expect(await callback(app, back, theirs.cookie)).toEqual({ consent: 'invalid' });
    expect(await callback(app, back)).toEqual({ consent: 'invalid' });

    const forged = new URL(back);
    forged.searchParams.set('tenant', '../../evil');
    expect(await callback(app, forged, mine.cookie)).toEqual({ consent: 'bad-tenant' });
    expect(await callback(app, '/backend/api/backup/tenants/consent/callback?admin_consent=True', mine.cookie)).toEqual({ consent: 'invalid' });
    expect(await callback(app, `/backend/api/backup/tenants/consent/callback?state=${'x'.repeat(3000)}`, mine.cookie)).toEqual({ consent: 'invalid' });
    expect(await tenantRows(app)).toEqual([]);
  });

  it('records nothing when the administrator declines (error=access_denied) or Microsoft answers another error', async () => {
    const app = await start();
    const { headers } = await signin(app, 'customer');
    const flow = await startFlow(app, headers);
    const back = await answerAtMicrosoft(flow, 'cancel');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(await callback(app, back, flow.cookie)).toEqual({ consent: 'denied' });

    const again = await startFlow(app, headers);
    const state = again.params.state;
    expect(await callback(app, `/backend/api/backup/tenants/consent/callback?error=invalid_request&error_description=AADSTS90014&state=${state}`, again.cookie)).toEqual({
      consent: 'microsoft-error',
    });
    expect(await tenantRows(app)).toEqual([]);

    // Our own failure while recording still sends the browser back with an outcome, not a 500.
    const broken = await startFlow(app, headers);
    const back2 = await answerAtMicrosoft(broken, 'accept');
    await app.apiDb.query('alter table backup_tenants add constraint refuse_new_rows check (false) not valid');
    try {
      expect(await callback(app, back2, broken.cookie)).toEqual({ consent: 'failed' });
    } finally {
      await app.apiDb.query('alter table backup_tenants drop constraint refuse_new_rows');
    }
  });

  it('lets a partner start it for a customer below it, never for another organisation', async () => {
    const app = await start();
    const partner = await signin(app, 'partner');
    const ids = async (name: string) => (await app.apiDb.query<{ id: string }>('select id from organisations where name = $1', [name])).rows[0].id;
    const post = (body: object) => app.inject({ method: 'POST', url: '/backend/api/backup/tenants/consent', headers: partner.headers, payload: body });
    expect((await post({})).json()).toEqual({ errorMessage: TENANT_CONSENT_MESSAGES.organisationRequired });
    for (const name of ['Second Demo Customer', 'Demo Partner', 'Demo Provider']) {
      const res = await post({ organisationId: await ids(name) });
      expect({ name, status: res.statusCode, body: res.json() }).toEqual({ name, status: 400, body: { errorMessage: TENANT_CONSENT_MESSAGES.organisationNotCustomer } });
    }
    const flow = await startFlow(app, partner.headers, { organisationId: await ids('Demo Customer') });
    // Back to the page the partner manages customers on.
    expect(await callback(app, await answerAtMicrosoft(flow, 'accept'), flow.cookie, '/user-management')).toMatchObject({ consent: 'connected' });
    const { rows } = await app.apiDb.query<{ name: string }>('select o.name from backup_tenants t join organisations o on o.id = t.organisation_id');
    expect(rows).toEqual([{ name: 'Demo Customer' }]);

    // A customer cannot name another organisation.
    const customer = await signin(app, 'customer');
    const res = await app.inject({ method: 'POST', url: '/backend/api/backup/tenants/consent', headers: customer.headers, payload: { organisationId: await ids('Second Demo Customer') } });
    expect(res.statusCode).toBe(400);
  });

  it('is off without the provider app: the page knows, the start answers 409, the callback says so', async () => {
    const app = await start(false);
    const { headers } = await signin(app, 'customer');
    expect((await app.inject({ method: 'GET', url: '/backend/api/backup/tenants', headers })).json()).toEqual({ items: [], consentAvailable: false });
    const res = await app.inject({ method: 'POST', url: '/backend/api/backup/tenants/consent', headers, payload: {} });
    expect({ status: res.statusCode, body: res.json() }).toEqual({ status: 409, body: { errorMessage: TENANT_CONSENT_MESSAGES.notConfigured } });
    expect(await callback(app, '/backend/api/backup/tenants/consent/callback?state=x&admin_consent=True')).toEqual({ consent: 'unavailable' });
  });
});
