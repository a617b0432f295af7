import net from 'node:net';
import { healthSchema, type Health } from '@portal/contracts';
import { updateTenantCredentials, findTenantRow, type ObjectStore } from '@portal/engine';
import { pointRemote, recordRelease } from '../../repositories/registry-repository';
import { ensureBackupMasterKey } from '../../services/backup-engine';
import { build, signin, TEST_DATABASE_URL, type ApiInstance } from '../../test/build';
import { emulatorOutbound } from '../../test/emulator-outbound';
import { testEmulator } from '../../test/emulator';

const integrity = `sha384-${Buffer.alloc(48, 7).toString('base64')}`;

const emulator = testEmulator({ seed: 'health-test', size: 20, users: 1 });

type Session = Awaited<ReturnType<typeof signin>>;

async function health(app: ApiInstance, session: Session): Promise<Health> {
  const response = await app.inject({ method: 'GET', url: '/backend/api/health', headers: session.headers });
  expect(response.statusCode).toBe(200);
  return healthSchema.parse(response.json());
}

async function publish(app: ApiInstance, name: string, version: string) {
  await recordRelease(app.apiDb, { name, version, entry: `/remotes/${name}/${version}/remoteEntry.js`, integrity });
  await pointRemote(app.apiDb, name, version, 'test');
}

const reportLoad = (app: ApiInstance, session: Session, name: string, payload: object) =>
  app.inject({ method: 'POST', url: `/backend/api/remotes/${name}/loads`, headers: session.headers, payload });
const reportFailure = (app: ApiInstance, session: Session, name: string, version: string, message: string) =>
  app.inject({ method: 'POST', url: `/backend/api/remotes/${name}/failures`, headers: session.headers, payload: { version, kind: 'load', message } });

/** Just enough SMTP for nodemailer's verify(): greeting, EHLO, QUIT. */
async function startSmtpStub(): Promise<{ url: string; sessions: () => number; close: () => Promise<void> }> {
  let sessions = 0;
  const server = net.createServer((socket) => {
    sessions += 1;
    socket.write('220 stub ESMTP ready\r\n');
    socket.on('data', (data) => {
      for (const line of data.toString().split('\r\n').filter(Boolean)) {
        if (/^(EHLO|HELO)/i.test(line)) socket.write('250-stub\r\n250 OK\r\n');
        else if (/^QUIT/i.test(line)) socket.end('221 bye\r\n');
        else socket.write('250 OK\r\n');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, sessions: () => sessions, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

describe('GET /backend/api/health', () => {
  it('reports every part to an ADMIN: api, database, e-mail, blob store, job queue, tenants and remotes', async () => {
    const app = await build();
    await publish(app, 'support', '0.1.0-abc');
    const admin = await signin(app, 'admin');
    const body = await health(app, admin);
    expect(body.status).toBe('ok');
    expect(body.api).toMatchObject({ status: 'ok', version: '9.9.9-test' });
    expect(body.database).toMatchObject({ status: 'ok', driver: TEST_DATABASE_URL ? 'postgres' : 'pglite' });
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
    expect(Number.isNaN(Date.parse(body.checkedAt))).toBe(false);
    // No SMTP_URL in tests: outbox mode, counted (the seed mailed nothing yet, sign-in without MFA).
    const outbox = await app.apiDb.query<{ n: string | number }>('select count(*) as n from email_outbox');
    expect(body.email).toMatchObject({ status: 'ok', mode: 'outbox', pending: Number(outbox.rows[0].n) });
    expect(body.email?.detail).toMatch(/^Outbox mode/);
    expect(body.blobStore).toMatchObject({ status: 'ok', kind: 'local' });
    expect(body.blobStore?.latencyMs).toBeGreaterThanOrEqual(0);
    expect(body.jobQueue).toMatchObject({ status: 'ok', kind: 'embedded', queued: 0, running: 0, oldestQueuedSeconds: null });
    expect(body.jobQueue?.liveWorkers).toBeGreaterThanOrEqual(1);
    expect(body.tenants).toEqual([]);
    expect(body.remotes).toEqual([
      { name: 'support', version: '0.1.0-abc', publishedAt: expect.any(String), status: 'ok', loads24h: 0, failures24h: 0, lastFailure: null },
    ]);
    // The probe cleans up after itself.
    const leftovers = await app.apiDb.query<{ n: string | number }>('select count(*) as n from backup_blobs');
    expect(Number(leftovers.rows[0].n)).toBe(0);
  });

  it('reports the blob store degraded when the object store fails its round trip', async () => {
    const failing: ObjectStore = {
      kind: 'failing-test',
      put: async () => undefined,
      get: async () => Buffer.from('something else'),
      getRange: async () => Buffer.from('something else'),
      has: async () => false,
      delete: async () => undefined,
    };
    const app = await build({ backup: { objectStore: failing } });
    const body = await health(app, await signin(app, 'admin'));
    expect(body.blobStore).toMatchObject({ status: 'degraded', kind: 'failing-test', detail: 'Probe failed: the object read back differs from the one written' });
    expect(body.status).toBe('degraded');
  });

  it('verifies a configured SMTP server for real, and reports one that does not answer as down', async () => {
    const smtp = await startSmtpStub();
    try {
      const app = await build({ smtpUrl: smtp.url });
      const body = await health(app, await signin(app, 'admin'));
      expect(body.email).toMatchObject({ status: 'ok', mode: 'smtp', pending: null, detail: 'SMTP server accepted the connection and credentials' });
      expect(smtp.sessions()).toBeGreaterThanOrEqual(1);
    } finally {
      await smtp.close();
    }
    // A port nothing listens on (the stub's, now closed).
    const app = await build({ smtpUrl: smtp.url });
    const body = await health(app, await signin(app, 'admin'));
    expect(body.email).toMatchObject({ status: 'down', mode: 'smtp' });
    expect(body.email?.detail).toMatch(/^SMTP verification failed: /);
    expect(body.status).toBe('down');
  });

  it('reports no live worker as a queue that is down', async () => {
    const app = await build({ backup: { workers: false } });
    const body = await health(app, await signin(app, 'admin'));
    expect(body.jobQueue).toMatchObject({ status: 'down', liveWorkers: 0 });
    expect(body.jobQueue?.detail).toMatch(/^No live worker/);
    expect(body.status).toBe('down');
  });

  it("checks each tenant's Graph connectivity for real, without returning credentials, and sees wrong credentials as down", async () => {
    const app = await build({ backup: { outbound: emulatorOutbound(emulator) } });
    const customer = await signin(app, 'customer');
    const connect = await app.inject({
      method: 'POST',
      url: '/backend/api/backup/tenants',
      headers: customer.headers,
      payload: { name: 'Contoso health', ...emulator.credentials },
    });
    expect(connect.statusCode).toBe(201);
    const tenantId = (connect.json() as { id: string }).id;
    const admin = await signin(app, 'admin');
    const response = await app.inject({ method: 'GET', url: '/backend/api/health', headers: admin.headers });
    expect(response.body).not.toContain(emulator.clientSecret);
    const ok = healthSchema.parse(response.json());
    const organisation = await app.apiDb.query<{ name: string }>('select o.name from organisations o join users u on u.organisation_id = o.id where u.username = $1', ['customer']);
    expect(ok.tenants).toEqual([
      {
        id: tenantId,
        name: 'Contoso health',
        organisationName: organisation.rows[0].name,
        graphOrganization: emulator.organizationName,
        status: 'ok',
        latencyMs: expect.any(Number),
        error: null,
        checkedAt: expect.any(String),
      },
    ]);
    expect(ok.status).toBe('ok');

    // A changed (wrong) secret is probed again at once, not served from the cache.
    const row = (await findTenantRow(app.apiDb, tenantId))!;
    await updateTenantCredentials(app.apiDb, await ensureBackupMasterKey(app.apiDb), row, { clientSecret: 'not-the-secret' });
    const down = await health(app, admin);
    expect(down.tenants?.[0]).toMatchObject({ id: tenantId, status: 'down', graphOrganization: null });
    expect(down.tenants?.[0].error).toMatch(/invalid_client/);
    expect(down.status).toBe('degraded');
  });

  it('counts browser load reports and failures of the current version and rates each remote', async () => {
    const app = await build();
    await publish(app, 'support', '1.0.0');
    await publish(app, 'support', '1.1.0');
    await publish(app, 'account_settings', '2.0.0');
    const customer = await signin(app, 'customer');
    expect((await reportLoad(app, customer, 'support', { version: '1.1.0', ms: 120 })).json()).toEqual({ recorded: true });
    expect((await reportLoad(app, customer, 'support', { version: '1.1.0', ms: 80 })).statusCode).toBe(200);
    // An older version's reports do not count for the current one.
    expect((await reportLoad(app, customer, 'support', { version: '1.0.0', ms: 80 })).statusCode).toBe(200);
    expect((await reportFailure(app, customer, 'support', '1.1.0', 'chunk failed')).statusCode).toBe(200);
    expect((await reportFailure(app, customer, 'account_settings', '2.0.0', 'integrity mismatch')).statusCode).toBe(200);

    const body = await health(app, await signin(app, 'admin'));
    const byName = Object.fromEntries(body.remotes.map((r) => [r.name, r]));
    expect(byName.support).toMatchObject({ version: '1.1.0', loads24h: 2, failures24h: 1, status: 'degraded', lastFailure: { message: 'chunk failed', at: expect.any(String) } });
    expect(byName.account_settings).toMatchObject({ version: '2.0.0', loads24h: 0, failures24h: 1, status: 'down', lastFailure: { message: 'integrity mismatch' } });
    expect(body.status).toBe('degraded');
  });

  it('validates load reports: signed in, a published version, a sane duration', async () => {
    const app = await build();
    await publish(app, 'support', '1.0.0');
    const customer = await signin(app, 'customer');
    expect((await app.inject({ method: 'POST', url: '/backend/api/remotes/support/loads', payload: { version: '1.0.0', ms: 5 } })).statusCode).toBe(401);
    expect((await reportLoad(app, customer, 'support', { version: '9.9.9', ms: 5 })).statusCode).toBe(404);
    expect((await reportLoad(app, customer, 'nosuch', { version: '1.0.0', ms: 5 })).statusCode).toBe(404);
    expect((await reportLoad(app, customer, 'Bad-Name', { version: '1.0.0', ms: 5 })).statusCode).toBe(400);
    expect((await reportLoad(app, customer, 'support', { version: '1.0.0', ms: -1 })).statusCode).toBe(400);
    expect((await reportLoad(app, customer, 'support', { version: '../x', ms: 1 })).statusCode).toBe(400);
    const stored = await app.apiDb.query<{ n: string | number }>('select count(*) as n from remote_loads');
    expect(Number(stored.rows[0].n)).toBe(0);
  });

  it.each(['customer', 'partner', 'directpartner', 'directcustomer'])('answers 403 Forbidden to %s', async (username) => {
    const app = await build();
    const user = await signin(app, username);
    const response = await app.inject({ method: 'GET', url: '/backend/api/health', headers: user.headers });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ errorMessage: 'Forbidden' });
  });

  it('answers 401 without a token', async () => {
    const app = await build();
    const response = await app.inject({ method: 'GET', url: '/backend/api/health' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ errorMessage: 'Authentication required' });
  });
});
