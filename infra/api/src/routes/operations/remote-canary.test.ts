import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { CANARY_MIN_LOADS } from '@portal/config';
import type { CanaryList } from '@portal/contracts';
import type { Db } from '@portal/db';
import { apiPlugin } from '../../api-plugin';
import { setupApi } from '../../create-api';
import { folderStoreReader } from '../../remotes/remote-store';
import { listRegistryWithFallbacks } from '../../repositories/remote-ops-repository';
import { assignCanaries, canaryDraw, canaryVerdict, promoteDueCanaries, servedCanaries } from '../../services/canary-service';
import { signin, signinAs, TEST_JWT_SECRET, testSettings, type Session } from '../../test/build';

// Canary releases through the operators' API: a share of sessions, sticky per session; rolled back
// by itself when its users' failures pass the rule; promoted by an operator or when its time comes.

let storeDir: string;
let app: FastifyInstance;
let db: Db;
let admin: Record<string, string>;
let users: Session[];

beforeAll(async () => {
  storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'remote-canary-'));
  const setup = await setupApi({ jwtSecret: TEST_JWT_SECRET, version: '9.9.9-test', settings: testSettings() });
  db = setup.db;
  app = Fastify();
  await app.register(apiPlugin, { ...setup.pluginOptions, prefix: '/backend', remoteStore: folderStoreReader(storeDir) } as Parameters<typeof apiPlugin>[1]);
  await app.ready();
  admin = (await signin(app as never, 'admin')).headers;
  users = Object.values(await signinAs(app as never, ['partner', 'customer', 'directcustomer', 'partner2', 'customer2'] as const));
}, 180_000);

afterAll(async () => {
  await app.close();
  await db.close();
  fs.rmSync(storeDir, { recursive: true, force: true });
});

function store(version: string): void {
  const dir = path.join(storeDir, 'support', version);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'remoteEntry.js'), `var support = '${version}';`);
}

const post = (url: string, payload?: object, headers = admin) => app.inject({ method: 'POST', url: `/backend/api/remotes/${url}`, headers, ...(payload ? { payload } : {}) });

async function canaryOf(name: string) {
  const res = await app.inject({ method: 'GET', url: '/backend/api/remotes/canaries', headers: admin });
  expect(res.statusCode).toBe(200);
  return (res.json() as CanaryList).canaries.find((c) => c.name === name)!;
}

/** The version each of `seeds` sessions is served. */
async function served(seeds: string[]): Promise<string[]> {
  const registry = await listRegistryWithFallbacks(db);
  const canaries = await servedCanaries(db);
  return seeds.map((seed) => assignCanaries(registry, canaries, seed).find((e) => e.name === 'support')!.version);
}

const seeds = Array.from({ length: 400 }, (_, i) => `${i.toString(16).padStart(4, '0')}${'0'.repeat(28)}`);

test('a canary reaches its share of sessions, each session keeps its version, and a failing one is rolled back by itself', async () => {
  store('1.0.0');
  expect((await post('support/releases', { version: '1.0.0' })).statusCode).toBe(200);
  store('2.0.0');
  const started = await post('support/canary', { version: '2.0.0', percent: 50 });
  expect(started.statusCode).toBe(200);
  expect(started.json().canary).toMatchObject({ version: '2.0.0', stableVersion: '1.0.0', percent: 50, state: 'running', startedBy: 'admin' });

  const first = await served(seeds);
  const share = first.filter((v) => v === '2.0.0').length / seeds.length;
  expect(share).toBeGreaterThan(0.4);
  expect(share).toBeLessThan(0.6);
  expect(await served(seeds)).toEqual(first); // sticky
  // A canary session falls back to the current version; no other session is offered the canary.
  const registry = await listRegistryWithFallbacks(db);
  const canaries = await servedCanaries(db);
  const canarySeed = seeds[first.indexOf('2.0.0')];
  const stableSeed = seeds[first.indexOf('1.0.0')];
  expect(assignCanaries(registry, canaries, canarySeed)[0].fallbacks?.[0]?.version).toBe('1.0.0');
  expect(assignCanaries(registry, canaries, stableSeed)[0].fallbacks?.map((f) => f.version)).not.toContain('2.0.0');

  // One user reporting many times weighs one: under the minimum, nothing happens.
  const report = (session: Session) => post('support/failures', { version: '2.0.0', kind: 'render', message: 'boom' }, session.headers);
  for (let i = 0; i < 5; i++) expect((await report(users[0])).statusCode).toBe(200);
  for (const session of users.slice(1, CANARY_MIN_LOADS - 1)) await report(session);
  expect((await canaryOf('support')).state).toBe('running');
  await report(users[CANARY_MIN_LOADS - 1]);

  const ended = await canaryOf('support');
  expect(ended).toMatchObject({ state: 'rolled_back', endedBy: 'canary-guard', canary: { loads: CANARY_MIN_LOADS, failures: CANARY_MIN_LOADS } });
  expect(ended.reason).toMatch(/^Rolled back by itself: 4 of 4 loads failed \(100%\) against 0% of 0 for the current version$/);
  expect(new Set(await served(seeds))).toEqual(new Set(['1.0.0']));
  const alerts = await app.inject({ method: 'GET', url: '/backend/api/remotes/alerts', headers: admin });
  expect(alerts.json().alerts.map((a: { source: string }) => a.source)).toContain('remote:support@2.0.0:canary');
  const operations = await app.inject({ method: 'GET', url: '/backend/api/remotes/operations', headers: admin });
  expect(operations.json().operations.slice(0, 2).map((o: { action: string; actor: string }) => `${o.action} ${o.actor}`)).toEqual(['canary-rollback canary-guard', 'canary admin']);
  // Rolled back away from: never a fallback, never a plain rollback's target.
  expect((await listRegistryWithFallbacks(db))[0].fallbacks.map((f) => f.version)).not.toContain('2.0.0');
}, 120_000);

test('an operator promotes a canary to everyone; --promote-after promotes one whose time has come', async () => {
  store('3.0.0');
  expect((await post('support/canary', { version: '3.0.0', percent: 10 })).statusCode).toBe(200);
  const promoted = await post('support/canary/promote');
  expect(promoted.statusCode).toBe(200);
  expect(promoted.json().canary).toMatchObject({ version: '3.0.0', state: 'promoted', endedBy: 'admin' });
  expect(new Set(await served(seeds))).toEqual(new Set(['3.0.0']));

  store('4.0.0');
  expect((await post('support/canary', { version: '4.0.0', percent: 20, promoteAfterMinutes: 60 })).statusCode).toBe(200);
  expect(await promoteDueCanaries(db)).toEqual([]);
  await db.query(`update remote_canaries set promote_at = now() - interval '1 second' where state = 'running'`);
  expect((await promoteDueCanaries(db)).map((c) => c.version)).toEqual(['4.0.0']);
  expect(await canaryOf('support')).toMatchObject({ state: 'promoted', endedBy: 'canary-schedule' });
  expect(new Set(await served(seeds))).toEqual(new Set(['4.0.0']));
}, 120_000);

test('bad requests are refused with a reason, and only an ADMIN may start or end canaries', async () => {
  expect((await post('support/canary', { version: '4.0.0', percent: 50 })).json().errorMessage).toMatch(/already live/);
  expect((await post('support/canary', { version: '9.9.9', percent: 50 })).statusCode).toBe(404);
  for (const percent of [0, 101, 12.5]) expect((await post('support/canary', { version: '3.0.0', percent })).statusCode).toBe(400);
  expect((await post('support/canary/promote')).statusCode).toBe(409);
  expect((await post('support/canary/rollback')).json().errorMessage).toMatch(/no running canary/);
  expect((await post('support/canary', { version: '3.0.0', percent: 50 }, users[1].headers)).statusCode).toBe(403);
});

test('the rule: the canary must fail more than the current version, over enough users', () => {
  expect(canaryVerdict({ loads: 3, failures: 3 }, { loads: 0, failures: 0 })).toBeNull();
  expect(canaryVerdict({ loads: 10, failures: 2 }, { loads: 10, failures: 0 })).toBeNull();
  expect(canaryVerdict({ loads: 10, failures: 5 }, { loads: 10, failures: 4 })).toBeNull();
  expect(canaryVerdict({ loads: 10, failures: 5 }, { loads: 10, failures: 1 })).toMatch(/5 of 10 loads failed \(50%\) against 10% of 10/);
  expect(canaryDraw('a'.repeat(32), 1)).toBe(canaryDraw('a'.repeat(32), 1));
});
