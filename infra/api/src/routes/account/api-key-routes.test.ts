import { API_KEY_MESSAGES, API_KEY_PATTERN, apiKeyListSchema, createdApiKeySchema, lastExpiryDay } from '@portal/contracts';
import { insertTenant } from '@portal/engine';
import type { ApiInstance } from '../../create-api';
import { findUserByUsername } from '../../repositories/users-repository';
import { build, signinAs, TEST_JWT_SECRET, type Session } from '../../test/build';
import { call } from '../../test/calls';

const withKey = (app: ApiInstance, key: string, method: 'GET' | 'POST' | 'DELETE' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url: `/backend/${url}`, headers: { authorization: `Bearer ${key}` }, ...(payload ? { payload } : {}) });

async function createKey(app: ApiInstance, who: Session, body: { name: string; access: 'full' | 'read-only'; expiresOn?: string | null }) {
  const { status, body: answer } = await call(app, who, 'POST', 'api/api-keys', body);
  expect(status).toBe(201);
  return createdApiKeySchema.parse(answer);
}

async function organisationOf(app: ApiInstance, username: string): Promise<string> {
  return (await findUserByUsername(app.apiDb, username))!.organisationId;
}

async function raiseAlert(app: ApiInstance, organisationId: string, message: string): Promise<string> {
  const { rows } = await app.apiDb.query<{ id: string }>(
    "insert into alerts (severity, source, message, organisation_id) values ('error', 'test', $1, $2) returning id::text as id",
    [message, organisationId],
  );
  return rows[0].id;
}

async function tenantOf(app: ApiInstance, username: string, name: string): Promise<string> {
  const credentials = { tenantId: 'contoso', clientId: 'client', clientSecret: 'secret', graphBaseUrl: 'https://graph.microsoft.com' };
  return (await insertTenant(app.apiDb, TEST_JWT_SECRET, { organisationId: await organisationOf(app, username), name, credentials })).id;
}

describe('API keys', () => {
  it('are created for the caller’s organisation, shown once, stored only as a keyed hash, and listed without the secret', async () => {
    const app = await build();
    const { customer, partner } = await signinAs(app, ['customer', 'partner']);
    const created = await createKey(app, customer, { name: 'PSA sync', access: 'read-only', expiresOn: null });
    expect(created.secret).toMatch(API_KEY_PATTERN);
    expect(created.secret).toContain(created.key.publicId);
    expect(created.key).toMatchObject({ name: 'PSA sync', access: 'read-only', status: 'active', createdByName: 'customer', expiresAt: null, lastUsedAt: null });

    const { rows } = await app.apiDb.query<Record<string, unknown>>('select * from api_keys');
    expect(JSON.stringify(rows)).not.toContain(created.secret.slice(-43));

    const listed = apiKeyListSchema.parse((await call(app, customer, 'GET', 'api/api-keys')).body);
    expect(listed.items.map((k) => k.publicId)).toEqual([created.key.publicId]);
    expect(JSON.stringify(listed)).not.toContain(created.secret);
    // Another organisation (even the partner above) neither sees nor revokes it.
    expect(apiKeyListSchema.parse((await call(app, partner, 'GET', 'api/api-keys')).body).items).toEqual([]);
    expect((await call(app, partner, 'DELETE', `api/api-keys/${created.key.id}`)).status).toBe(404);
    expect((await call(app, customer, 'DELETE', 'api/api-keys/not-an-id')).status).toBe(400);
  });

  it('refuses bad input with the form’s messages', async () => {
    const app = await build();
    const { customer } = await signinAs(app, ['customer']);
    const refused = async (body: object) => {
      const { status, body: answer } = await call(app, customer, 'POST', 'api/api-keys', body);
      expect(status).toBe(400);
      return answer.errorMessage;
    };
    expect(await refused({ name: '  ', access: 'full' })).toBe(API_KEY_MESSAGES.nameRequired);
    expect(await refused({ name: 'x'.repeat(61), access: 'full' })).toBe(API_KEY_MESSAGES.nameTooLong);
    expect(await refused({ name: 'k', access: 'admin' })).toMatch(/access/);
    expect(await refused({ name: 'k', access: 'full', expiresOn: '2020-01-01' })).toBe(API_KEY_MESSAGES.expiryPast);
    expect(await refused({ name: 'k', access: 'full', expiresOn: '2999-01-01' })).toBe(API_KEY_MESSAGES.expiryTooFar);
    expect(await refused({ name: 'k', access: 'full', expiresOn: '2026-02-30' })).toBe(API_KEY_MESSAGES.expiryInvalid);
  });

  it("act within the organisation's subtree only: another tenant's records answer 404 through a key too", async () => {
    const app = await build();
    const { customer, customer2, partner } = await signinAs(app, ['customer', 'customer2', 'partner']);
    const own = await raiseAlert(app, await organisationOf(app, 'customer'), 'Own alert');
    const foreign = await raiseAlert(app, await organisationOf(app, 'customer2'), 'Foreign alert');
    const ownTenant = await tenantOf(app, 'customer', 'Own tenant');
    const foreignTenant = await tenantOf(app, 'customer2', 'Foreign tenant');
    const { secret } = await createKey(app, customer, { name: 'RMM', access: 'full' });

    const alerts = await withKey(app, secret, 'GET', 'api/alerts');
    expect(alerts.statusCode).toBe(200);
    expect(alerts.json().alerts.map((a: { message: string }) => a.message)).toEqual(['Own alert']);
    expect((await withKey(app, secret, 'GET', `api/backup/tenants/${ownTenant}`)).statusCode).toBe(200);
    const foreignRead = await withKey(app, secret, 'GET', `api/backup/tenants/${foreignTenant}`);
    expect({ status: foreignRead.statusCode, body: foreignRead.json() }).toEqual({ status: 404, body: { errorMessage: 'Not found' } });
    expect((await withKey(app, secret, 'POST', `api/alerts/${foreign}/acknowledge`)).statusCode).toBe(404);
    expect((await withKey(app, secret, 'POST', `api/alerts/${own}/acknowledge`)).statusCode).toBe(200);
    // The same through customer2's own key works: the 404 was the scope, not the route.
    const other = await createKey(app, customer2, { name: 'Other', access: 'read-only' });
    expect((await withKey(app, other.secret, 'GET', `api/backup/tenants/${foreignTenant}`)).statusCode).toBe(200);

    // A partner's key acts as the partner's users: its customers' users yes, another partner's no.
    const partnerKey = await createKey(app, partner, { name: 'PSA', access: 'read-only' });
    const customerOrg = await organisationOf(app, 'customer');
    expect((await withKey(app, partnerKey.secret, 'GET', `admin/organisations/${customerOrg}/users`)).statusCode).toBe(200);
    expect((await withKey(app, partnerKey.secret, 'GET', `admin/organisations/${await organisationOf(app, 'customer2')}/users`)).statusCode).toBe(404);
    // ...and has the partner's role: the customers' backup routes refuse it like a partner user.
    expect((await withKey(app, partnerKey.secret, 'GET', 'api/backup/sets')).statusCode).toBe(403);
  });

  it('are refused where the descriptor does not accept keys (profile, key management) and when malformed', async () => {
    const app = await build();
    const { customer } = await signinAs(app, ['customer']);
    const { secret } = await createKey(app, customer, { name: 'Full', access: 'full' });
    for (const [method, url] of [
      ['GET', `api/users/${customer.userId}/profile`],
      ['GET', 'api/api-keys'],
      ['POST', 'api/api-keys'],
      ['GET', 'support/tickets'],
    ] as const) {
      const response = await withKey(app, secret, method, url, method === 'POST' ? { name: 'again', access: 'full' } : undefined);
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 403, body: { errorMessage: API_KEY_MESSAGES.notAccepted } });
    }
    expect((await withKey(app, `${secret.slice(0, -1)}${secret.endsWith('A') ? 'B' : 'A'}`, 'GET', 'api/alerts')).json()).toEqual({ errorMessage: API_KEY_MESSAGES.invalid });
    expect((await withKey(app, 'cbk_nonsense', 'GET', 'api/alerts')).statusCode).toBe(401);
  });

  it('read-only keys call GET routes only; the refusal is audited', async () => {
    const app = await build();
    const { customer } = await signinAs(app, ['customer']);
    const alert = await raiseAlert(app, await organisationOf(app, 'customer'), 'Disk full');
    const { secret, key } = await createKey(app, customer, { name: 'Viewer', access: 'read-only' });
    expect((await withKey(app, secret, 'GET', 'api/alerts')).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', `api/alerts/${alert}/acknowledge`, undefined],
      ['POST', 'api/backup/sets', { nonsense: true }],
      ['DELETE', `api/backup/tenants/${await tenantOf(app, 'customer', 'T')}`, undefined],
    ] as const) {
      const response = await withKey(app, secret, method, url, body);
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({ url, status: 403, body: { errorMessage: API_KEY_MESSAGES.readOnly } });
    }
    const { rows } = await app.apiDb.query<{ status: string }>('select status from alerts where id = $1', [alert]);
    expect(rows[0].status).toBe('open');
    const audit = await app.apiDb.query<{ action: string; target: string }>("select action, target from audit_log where action like 'api_key.%' and detail->>'publicId' = $1 order by seq", [key.publicId]);
    expect(audit.rows).toEqual([
      { action: 'api_key.used', target: 'GET /api/alerts' },
      { action: 'api_key.refused', target: 'POST /api/alerts/:id/acknowledge' },
      { action: 'api_key.refused', target: 'POST /api/backup/sets' },
      { action: 'api_key.refused', target: 'DELETE /api/backup/tenants/:tenantId' },
    ]);
  });

  it('a key never does more than its creator may: a full key of a user made read-only is read-only', async () => {
    const app = await build();
    const { customer } = await signinAs(app, ['customer']);
    const alert = await raiseAlert(app, await organisationOf(app, 'customer'), 'Disk full');
    const { secret } = await createKey(app, customer, { name: 'Full', access: 'full' });
    await app.apiDb.query("update users set access = 'read-only' where username = 'customer'");
    expect((await withKey(app, secret, 'POST', `api/alerts/${alert}/acknowledge`)).statusCode).toBe(403);
    await app.apiDb.query("update users set access = 'full' where username = 'customer'");
    expect((await withKey(app, secret, 'POST', `api/alerts/${alert}/acknowledge`)).statusCode).toBe(200);
  });

  it('revocation, expiry and suspension take effect on the very next call', async () => {
    const app = await build();
    const { customer, partner } = await signinAs(app, ['customer', 'partner']);
    const revoked = await createKey(app, customer, { name: 'Soon revoked', access: 'read-only' });
    const expiring = await createKey(app, customer, { name: 'Soon expired', access: 'read-only', expiresOn: lastExpiryDay() });
    expect((await call(app, customer, 'GET', 'api/api-keys')).body).toMatchObject({ items: [{ expiresAt: expect.any(String) }, { expiresAt: null }] });
    expect((await withKey(app, revoked.secret, 'GET', 'api/alerts')).statusCode).toBe(200);
    expect((await withKey(app, expiring.secret, 'GET', 'api/alerts')).statusCode).toBe(200);

    const revoke = await call(app, customer, 'DELETE', `api/api-keys/${revoked.key.id}`);
    expect(revoke).toMatchObject({ status: 200, body: { message: API_KEY_MESSAGES.revoked, key: { status: 'revoked' } } });
    const afterRevoke = await withKey(app, revoked.secret, 'GET', 'api/alerts');
    expect({ status: afterRevoke.statusCode, body: afterRevoke.json() }).toEqual({ status: 401, body: { errorMessage: API_KEY_MESSAGES.invalid } });

    await app.apiDb.query("update api_keys set expires_at = now() - interval '1 second' where id = $1", [expiring.key.id]);
    const afterExpiry = await withKey(app, expiring.secret, 'GET', 'api/alerts');
    expect({ status: afterExpiry.statusCode, body: afterExpiry.json() }).toEqual({ status: 401, body: { errorMessage: API_KEY_MESSAGES.expired } });
    const listed = apiKeyListSchema.parse((await call(app, customer, 'GET', 'api/api-keys')).body).items;
    expect(listed.map((k) => [k.name, k.status])).toEqual([
      ['Soon expired', 'expired'],
      ['Soon revoked', 'revoked'],
    ]);
    expect(listed[0].lastUsedAt).not.toBeNull();

    // Suspending the customer's organisation stops its keys as it stops its users.
    const live = await createKey(app, customer, { name: 'Live', access: 'read-only' });
    const customerOrg = await organisationOf(app, 'customer');
    expect((await call(app, partner, 'PATCH', `admin/organisations/${customerOrg}`, { suspended: true })).status).toBe(200);
    expect((await withKey(app, live.secret, 'GET', 'api/alerts')).statusCode).toBe(403);
  });

  it('are rate-limited per key, whatever the address or headers', async () => {
    const app = await build({ apiKeyRateLimit: { max: 3, windowSeconds: 60 } });
    const { customer } = await signinAs(app, ['customer']);
    const first = await createKey(app, customer, { name: 'Busy', access: 'read-only' });
    const second = await createKey(app, customer, { name: 'Quiet', access: 'read-only' });
    for (let i = 0; i < 3; i += 1) {
      const response = await app.inject({ method: 'GET', url: '/backend/api/alerts', headers: { authorization: `Bearer ${first.secret}`, 'x-forwarded-for': `10.0.0.${i}` }, remoteAddress: `192.0.2.${i}` });
      expect(response.statusCode).toBe(200);
    }
    const limited = await app.inject({ method: 'GET', url: '/backend/api/alerts', headers: { authorization: `Bearer ${first.secret}` }, remoteAddress: '198.51.100.7' });
    expect({ status: limited.statusCode, body: limited.json() }).toEqual({ status: 429, body: { errorMessage: 'Too many attempts, please try again later' } });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    // Another key of the same organisation, and the users themselves, are not affected.
    expect((await withKey(app, second.secret, 'GET', 'api/alerts')).statusCode).toBe(200);
    expect((await call(app, customer, 'GET', 'api/alerts')).status).toBe(200);
    // The window ends: the key works again.
    await app.apiDb.query("update api_keys set window_started_at = now() - interval '61 seconds' where id = $1", [first.key.id]);
    expect((await withKey(app, first.secret, 'GET', 'api/alerts')).statusCode).toBe(200);
  });

  it('every use is in the audit log that the organisation reads, with the key and the route', async () => {
    const app = await build();
    const { customer } = await signinAs(app, ['customer']);
    const { secret, key } = await createKey(app, customer, { name: 'Audited', access: 'read-only' });
    expect((await withKey(app, secret, 'GET', 'api/dashboard')).statusCode).toBe(200);
    const log = await call<{ entries: { action: string; actorName: string | null; target: string | null }[] }>(app, customer, 'GET', 'admin/audit?action=api_key.used');
    expect(log.status).toBe(200);
    expect(log.body.entries).toEqual([expect.objectContaining({ action: 'api_key.used', actorName: `customer (API key ${key.publicId})`, target: 'GET /api/dashboard' })]);
    const created = await call<{ entries: { action: string; target: string | null }[] }>(app, customer, 'GET', 'admin/audit?action=api_key.created');
    expect(created.body.entries).toEqual([expect.objectContaining({ target: key.publicId })]);
  });

  it('at most 25 active keys per organisation', async () => {
    const app = await build();
    const { directcustomer } = await signinAs(app, ['directcustomer']);
    for (let i = 0; i < 25; i += 1) await createKey(app, directcustomer, { name: `k${i}`, access: 'read-only' });
    const refused = await call(app, directcustomer, 'POST', 'api/api-keys', { name: 'one more', access: 'read-only' });
    expect(refused).toMatchObject({ status: 409, body: { errorMessage: API_KEY_MESSAGES.tooMany } });
  });
});
