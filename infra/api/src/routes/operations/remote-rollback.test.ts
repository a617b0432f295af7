import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import type { RemoteList, RemoteOperationResponse } from '@portal/contracts';
import { apiPlugin } from '../../api-plugin';
import { setupApi } from '../../create-api';
import type { Db } from '@portal/db';
import { folderStoreReader } from '../../remotes/remote-store';
import { listRegistryWithFallbacks } from '../../repositories/remote-ops-repository';
import { signin, TEST_JWT_SECRET, testSettings } from '../../test/build';

// A plain rollback returns to the version that was live before the current one, never to
// one an operator already rolled back away from, and repeated rollbacks walk back through what was live.

let storeDir: string;
let app: FastifyInstance;
let db: Db;
let headers: Record<string, string>;

beforeAll(async () => {
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-rollback-'));
  const setup = await setupApi({ jwtSecret: TEST_JWT_SECRET, version: '9.9.9-test', settings: testSettings() });
  db = setup.db;
  app = Fastify();
  await app.register(apiPlugin, { ...setup.pluginOptions, prefix: '/backend', remoteStore: folderStoreReader(storeDir) } as Parameters<typeof apiPlugin>[1]);
  await app.ready();
  headers = (await signin(app as never, 'admin')).headers;
}, 120_000);

afterAll(async () => {
  await app.close();
  await db.close();
  fs.rmSync(storeDir, { recursive: true, force: true });
});

async function deploy(name: string, version: string): Promise<void> {
  const dir = path.join(storeDir, name, version);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `var ${name} = '${version}';`);
  const res = await app.inject({ method: 'POST', url: `/backend/api/remotes/${name}/releases`, headers, payload: { version } });
  expect(res.statusCode).toBe(200);
}

async function rollback(name: string, body: { to?: string; reason?: string } = {}) {
  const res = await app.inject({ method: 'POST', url: `/backend/api/remotes/${name}/rollback`, headers, payload: body });
  return { status: res.statusCode, body: res.json() as RemoteOperationResponse & { errorMessage?: string } };
}

async function status(name: string) {
  const res = await app.inject({ method: 'GET', url: '/backend/api/remotes', headers });
  return (res.json() as RemoteList).remotes.find((r) => r.name === name)!;
}

const wentTo = async (name: string, body?: { to?: string; reason?: string }) => {
  const result = await rollback(name, body);
  expect(result.status).toBe(200);
  return `${result.body.pointer.fromVersion} -> ${result.body.pointer.toVersion}`;
};

test("the issue's week: a rollback after a second bad deploy returns to what was live, not to the version already rolled back", async () => {
  await deploy('support', 'A');
  await deploy('support', 'B');
  expect(await wentTo('support', { reason: 'blank page on Safari' })).toBe('B -> A');
  await deploy('support', 'C');
  expect((await status('support')).rollbackTarget).toBe('A');
  expect(await wentTo('support')).toBe('C -> A');

  const remote = await status('support');
  expect(remote.current).toBe('A');
  const byVersion = Object.fromEntries(remote.releases.map((r) => [r.version, r]));
  expect(byVersion.B.rolledBack).toEqual({ at: expect.any(String), by: 'admin', reason: 'blank page on Safari' });
  expect(byVersion.C.rolledBack).toEqual({ at: expect.any(String), by: 'admin', reason: null });
  expect(byVersion.A.rolledBack).toBeNull();
  expect(remote.releases.every((r) => r.everLive)).toBe(true);
  expect(remote.history.map((h) => `${h.kind} ${h.fromVersion ?? '-'} -> ${h.toVersion}`)).toEqual([
    'deploy - -> A',
    'deploy A -> B',
    'rollback B -> A',
    'deploy A -> C',
    'rollback C -> A',
  ]);
  expect(remote.history[2].reason).toBe('blank page on Safari');
  // Nothing before A is left that was not rolled back: a plain rollback says so; naming B works.
  expect(remote.rollbackTarget).toBeNull();
  const nowhere = await rollback('support');
  expect(nowhere).toEqual({ status: 409, body: { errorMessage: 'Remote support has no version that was live before A and was not rolled back; name one with --to' } });

  // Browsers never fall back to a version rolled back away from.
  const registry = (await listRegistryWithFallbacks(db)).find((r) => r.name === 'support')!;
  expect(registry.fallbacks.map((f) => f.version)).toEqual([]);
});

test('three rollbacks in a row walk back through what was live, in order; naming a marked version clears its mark', async () => {
  for (const version of ['1', '2', '3', '4']) await deploy('admin_ops', version);
  expect(await wentTo('admin_ops')).toBe('4 -> 3');
  expect(await wentTo('admin_ops')).toBe('3 -> 2');
  expect(await wentTo('admin_ops')).toBe('2 -> 1');
  expect((await rollback('admin_ops')).status).toBe(409);

  // Naming a version takes it back (and clears its mark); the version left is marked, as every rollback marks it.
  expect(await wentTo('admin_ops', { to: '3' })).toBe('1 -> 3');
  const remote = await status('admin_ops');
  expect(remote.releases.filter((r) => r.rolledBack).map((r) => r.version).sort()).toEqual(['1', '2', '4']);
  expect(remote.rollbackTarget).toBeNull();
  expect((await listRegistryWithFallbacks(db)).find((r) => r.name === 'admin_ops')!.fallbacks.map((f) => f.version)).toEqual([]);
  // A deploy of a known-good version is live again like any deploy, and a later rollback returns to it.
  await deploy('admin_ops', '5');
  expect((await status('admin_ops')).rollbackTarget).toBe('3');
  expect(await wentTo('admin_ops')).toBe('5 -> 3');
});

test('a rollback reason is checked like any text and recorded in the operations log and the audit trail', async () => {
  await deploy('backup_sets', 'x1');
  await deploy('backup_sets', 'x2');
  expect((await rollback('backup_sets', { reason: 'r'.repeat(501) })).status).toBe(400);
  expect((await rollback('backup_sets', { reason: 'bad\u0000' })).status).toBe(400);
  expect(await wentTo('backup_sets', { reason: 'checkout broken' })).toBe('x2 -> x1');
  const { rows: ops } = await db.query<{ detail: { reason?: string } }>(`select detail from remote_operations where remote_name = 'backup_sets' and action = 'rollback'`);
  expect(ops.map((o) => o.detail.reason)).toEqual(['checkout broken']);
  const { rows: audit } = await db.query<{ detail: { reason?: string } }>(`select detail from audit_log where action = 'remote.rolled_back' and target = 'backup_sets@x1'`);
  expect(audit.map((a) => a.detail.reason)).toEqual(['checkout broken']);
});
