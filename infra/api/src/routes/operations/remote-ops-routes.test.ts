import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { apiPlugin } from '../../api-plugin';
import { setupApi } from '../../create-api';
import type { Db } from '@portal/db';
import { folderStoreReader, sriOf } from '../../remotes/remote-store';
import { listRegistryWithFallbacks } from '../../repositories/remote-ops-repository';
import { recordRelease, pointRemote } from '../../repositories/registry-repository';
import { signin, TEST_JWT_SECRET, testSettings } from '../../test/build';
import { REMOTE_REPORT_RATE_LIMIT } from './remote-loads-routes';

let storeDir: string;
let app: FastifyInstance;
let db: Db;

function writeVersion(name: string, version: string, source: string) {
  const dir = path.join(storeDir, name, version);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), source);
}

beforeAll(async () => {
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-ops-'));
  const setup = await setupApi({ jwtSecret: TEST_JWT_SECRET, version: '9.9.9-test', settings: testSettings() });
  db = setup.db;
  app = Fastify({ trustProxy: true });
  await app.register(apiPlugin, { ...setup.pluginOptions, prefix: '/backend', remoteStore: folderStoreReader(storeDir) } as Parameters<
    typeof apiPlugin
  >[1]);
  await app.ready();
  writeVersion('support', '1.0.0-aaaa', 'var support = 1;');
  await recordRelease(db, {
    name: 'support',
    version: '1.0.0-aaaa',
    entry: '/remotes/support/1.0.0-aaaa/remoteEntry.js',
    integrity: sriOf(Buffer.from('var support = 1;')),
  });
  await pointRemote(db, 'support', '1.0.0-aaaa', 'startup');
}, 120_000);

afterAll(async () => {
  await app.close();
  await db.close();
  fs.rmSync(storeDir, { recursive: true, force: true });
});

const asAdmin = async () => (await signin(app as never, 'admin')).headers;
const asCustomer = async () => (await signin(app as never, 'customer')).headers;

test('non-ADMIN users get 403 Forbidden on list, publish and rollback; anonymous get 401', async () => {
  const headers = await asCustomer();
  for (const [method, url] of [
    ['GET', '/backend/api/remotes'],
    ['GET', '/backend/api/remotes/operations'],
    ['POST', '/backend/api/remotes/support/releases'],
    ['POST', '/backend/api/remotes/support/rollback'],
  ] as const) {
    const res = await app.inject({ method, url, headers, payload: method === 'POST' ? { version: '1.0.0-aaaa' } : undefined });
    expect({ url, status: res.statusCode, body: res.json() }).toEqual({ url, status: 403, body: { errorMessage: 'Forbidden' } });
  }
  expect((await app.inject({ method: 'GET', url: '/backend/api/remotes' })).statusCode).toBe(401);
});

test('ADMIN publishes a stored folder (integrity computed by the server), rolls back, and every change is audited', async () => {
  const headers = { ...(await asAdmin()), 'x-forwarded-for': '203.0.113.7' };
  writeVersion('support', '1.1.0-bbbb', 'var support = 2;');
  const publish = (payload: object) => app.inject({ method: 'POST', url: '/backend/api/remotes/support/releases', headers, payload });

  // A client-sent integrity is not part of the contract: refused.
  const sneaky = await publish({ version: '1.1.0-bbbb', integrity: 'sha384-AAAA' });
  expect(sneaky.statusCode).toBe(400);

  const published = await publish({ version: '1.1.0-bbbb', gitCommit: 'abcdef1234567' });
  expect(published.statusCode).toBe(200);
  expect(published.json()).toMatchObject({
    name: 'support',
    release: { version: '1.1.0-bbbb', integrity: sriOf(Buffer.from('var support = 2;')), gitCommit: 'abcdef1234567' },
    pointer: { fromVersion: '1.0.0-aaaa', toVersion: '1.1.0-bbbb', actor: 'admin' },
  });

  const missing = await publish({ version: '9.9.9-none' });
  expect(missing.statusCode).toBe(404);
  expect(missing.json().errorMessage).toMatch(/not in the remote store/);

  const list = (await app.inject({ method: 'GET', url: '/backend/api/remotes', headers })).json();
  const support = list.remotes.find((r: { name: string }) => r.name === 'support');
  expect(support.current).toBe('1.1.0-bbbb');
  expect(support.releases.map((r: { version: string }) => r.version)).toEqual(['1.1.0-bbbb', '1.0.0-aaaa']);

  const fallbacks = await listRegistryWithFallbacks(db);
  expect(fallbacks.find((r) => r.name === 'support')).toMatchObject({
    version: '1.1.0-bbbb',
    fallbacks: [{ version: '1.0.0-aaaa', integrity: sriOf(Buffer.from('var support = 1;')) }],
  });

  const back = await app.inject({ method: 'POST', url: '/backend/api/remotes/support/rollback', headers });
  expect(back.statusCode).toBe(200);
  expect(back.json().pointer).toMatchObject({ fromVersion: '1.1.0-bbbb', toVersion: '1.0.0-aaaa' });

  const again = await app.inject({ method: 'POST', url: '/backend/api/remotes/support/rollback', headers, payload: { to: '1.1.0-bbbb' } });
  expect(again.json().pointer).toMatchObject({ toVersion: '1.1.0-bbbb' });

  const unknownVersion = await app.inject({ method: 'POST', url: '/backend/api/remotes/support/rollback', headers, payload: { to: '0.0.1-x' } });
  expect(unknownVersion.statusCode).toBe(404);
  expect(unknownVersion.json().errorMessage).toMatch(/has no version 0.0.1-x/);
  const unknownRemote = await app.inject({ method: 'POST', url: '/backend/api/remotes/nothing/rollback', headers });
  expect(unknownRemote.statusCode).toBe(404);
  expect(unknownRemote.json().errorMessage).toMatch(/Unknown remote "nothing"/);

  const { rows } = await db.query<{ actor: string; action: string; version: string; from_version: string; ip: string; at: Date }>(
    'select actor, action, version, from_version, ip, at from remote_operations order by id',
  );
  expect(rows.map(({ actor, action, version, from_version, ip }) => ({ actor, action, version, from_version, ip }))).toEqual([
    { actor: 'admin', action: 'publish', version: '1.1.0-bbbb', from_version: '1.0.0-aaaa', ip: '203.0.113.7' },
    { actor: 'admin', action: 'rollback', version: '1.0.0-aaaa', from_version: '1.1.0-bbbb', ip: '203.0.113.7' },
    { actor: 'admin', action: 'rollback', version: '1.1.0-bbbb', from_version: '1.0.0-aaaa', ip: '203.0.113.7' },
  ]);
  expect(rows.every((r) => Math.abs(Date.now() - new Date(r.at).getTime()) < 60_000)).toBe(true);
  const audit = (await app.inject({ method: 'GET', url: '/backend/api/remotes/operations', headers })).json();
  expect(audit.operations).toHaveLength(3);
});

test('any signed-in user reports a remote failure; it is recorded and raises one open alert', async () => {
  const headers = await asCustomer();
  const report = (message: string, other: object = {}) =>
    app.inject({
      method: 'POST',
      url: '/backend/api/remotes/support/failures',
      headers,
      payload: { version: '1.0.0-aaaa', kind: 'render', message, ...other },
    });
  const first = await report('boom');
  expect(first.statusCode).toBe(200);
  expect(first.json()).toEqual({ recorded: true, alertId: expect.any(Number) });
  expect((await report('boom again')).json()).toEqual({ recorded: true, alertId: null });

  const failures = await db.query<{ kind: string }>("select kind from remote_failures where remote_name = 'support'");
  expect(failures.rows).toHaveLength(2);
  const alerts = await db.query<{ severity: string; source: string; message: string; acknowledged: boolean }>(
    'select severity, source, message, acknowledged from alerts',
  );
  expect(alerts.rows).toEqual([
    {
      severity: 'error',
      source: 'remote:support@1.0.0-aaaa:render',
      message: 'Remote support version 1.0.0-aaaa threw while rendering in a browser: boom',
      acknowledged: false,
    },
  ]);

  const unknown = await report('x', { version: '7.7.7-nope', kind: 'load' });
  expect(unknown.statusCode).toBe(404);
  const bad = await report('x', { kind: 'other' });
  expect(bad.statusCode).toBe(400);
  expect((await app.inject({ method: 'POST', url: '/backend/api/remotes/support/failures', payload: {} })).statusCode).toBe(401);
});

test('failure reports are rate-limited per address, since each one may raise an alert', async () => {
  const headers = await asCustomer();
  const statuses: number[] = [];
  for (let i = 0; i <= REMOTE_REPORT_RATE_LIMIT.max; i += 1) {
    const response = await app.inject({
      method: 'POST',
      url: '/backend/api/remotes/support/failures',
      headers,
      remoteAddress: '198.51.100.23',
      payload: { version: '1.0.0-aaaa', kind: 'load', message: `flood ${i}` },
    });
    statuses.push(response.statusCode);
  }
  expect(statuses.slice(0, REMOTE_REPORT_RATE_LIMIT.max).every((s) => s === 200)).toBe(true);
  expect(statuses[REMOTE_REPORT_RATE_LIMIT.max]).toBe(429);
});
