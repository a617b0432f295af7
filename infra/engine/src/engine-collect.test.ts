import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate, openDatabase, type Db } from '@portal/db';
import { newPackId } from './blob/blob-packs';
import { queueTenantPurge } from './blob/tenant-purges';
import { createLocalObjectStore } from './blob/local-object-store';
import { createEngine, type Engine } from './engine';
import { createEmbeddedQueue } from './jobs/embedded-queue';
import { insertTenant } from './tenants';

// Backups collect their own tenant's garbage when they finish; the scheduler also collects every
// tenant now and then, so content nothing references is freed even when no backup runs any more.

const MASTER = 'engine-collect-test-master-secret-01234567';

// Each test makes a fresh database (initdb and every migration): seconds on a busy machine.
jest.setTimeout(60_000);

let db: Db;
let dir: string;
let engine: Engine;

afterEach(async () => {
  await engine?.stop();
  await db?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

async function setUp(collectEveryMs: number): Promise<string> {
  db = await openDatabase({});
  await migrate(db);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-collect-'));
  const { rows: org } = await db.query<{ id: string }>(`insert into organisations (name, kind, path) values ('Collect test', 'PROVIDER', '/collect-test/') returning id`);
  const credentials = { tenantId: 'tenant', clientId: 'client', clientSecret: 'secret', graphBaseUrl: 'http://127.0.0.1:9' };
  const tenant = await insertTenant(db, MASTER, { organisationId: org[0].id, name: 'Collect test', credentials });
  engine = createEngine({
    db,
    masterSecret: MASTER,
    objects: createLocalObjectStore(dir),
    queue: createEmbeddedQueue(db, { pollMs: 50 }),
    blobGraceSeconds: 0,
    scheduleEveryMs: 20,
    collectEveryMs,
  });
  return tenant.id;
}

it('collects every tenant on demand, and the scheduler does it by itself', async () => {
  const tenantId = await setUp(0);
  const first = await engine.blobs.put(tenantId, Buffer.from('content nothing references'));
  expect(await engine.collectAllGarbage()).toBe(1);
  expect(await engine.blobs.has(tenantId, first.hash)).toBe(false);

  const second = await engine.blobs.put(tenantId, Buffer.from('more content nothing references'));
  await engine.start();
  const deadline = Date.now() + 10_000;
  while ((await engine.blobs.has(tenantId, second.hash)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
  expect(await engine.blobs.has(tenantId, second.hash)).toBe(false);
});

it('leaves blobs alone between collections', async () => {
  const tenantId = await setUp(3_600_000);
  const put = await engine.blobs.put(tenantId, Buffer.from('content nothing references'));
  await engine.start();
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(await engine.blobs.has(tenantId, put.hash)).toBe(true);
});

/** As if some process of the deployment last collected every tenant `msAgo` ago. */
const lastCollected = (msAgo: number) =>
  db.query(`insert into engine_periodic_tasks (task, last_run_at) values ('collect-garbage', now() - make_interval(secs => $1))`, [msAgo / 1000]);

/** Waits until `done` holds or `ms` have passed. */
async function waitFor(done: () => Promise<boolean>, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await done()) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
}

it('collects at once after a restart when the last collection of the deployment is a period old', async () => {
  const tenantId = await setUp(3_600_000);
  await lastCollected(2 * 3_600_000);
  const put = await engine.blobs.put(tenantId, Buffer.from('content a stopped run put'));
  // Counting the period from its own start, a process restarted every few hours never collected.
  await engine.start();
  await waitFor(async () => !(await engine.blobs.has(tenantId, put.hash)), 10_000);
  expect(await engine.blobs.has(tenantId, put.hash)).toBe(false);
});

it('collects once per period however many processes share the database', async () => {
  await setUp(3_600_000);
  await lastCollected(2 * 3_600_000);
  const second = createEngine({ db, masterSecret: MASTER, objects: createLocalObjectStore(dir), queue: createEmbeddedQueue(db, { pollMs: 50 }), scheduleEveryMs: 20, collectEveryMs: 3_600_000 });
  const passes: string[] = [];
  for (const [name, each] of [['first', engine], ['second', second]] as const) {
    const collect = each.blobs.tidyPacks;
    each.blobs.tidyPacks = (id) => (passes.push(name), collect(id));
  }
  await Promise.all([engine.start(), second.start()]);
  await waitFor(async () => passes.length > 0, 10_000);
  // Both sweep every 20 ms: a second collection would have started by now.
  await new Promise((resolve) => setTimeout(resolve, 300));
  await second.stop();
  expect(passes).toHaveLength(1);
});

it("goes on to the other tenants when one tenant's collection fails", async () => {
  const tenantId = await setUp(3_600_000);
  const { rows: org } = await db.query<{ id: string }>(`select organisation_id as id from backup_tenants where id = $1`, [tenantId]);
  const credentials = { tenantId: 'other', clientId: 'client', clientSecret: 'secret', graphBaseUrl: 'http://127.0.0.1:9' };
  const other = await insertTenant(db, MASTER, { organisationId: org[0].id, name: 'Other tenant', credentials });
  const kept = await engine.blobs.put(tenantId, Buffer.from('content of the failing tenant'));
  const freed = await engine.blobs.put(other.id, Buffer.from('content of the other tenant'));
  const collect = engine.blobs.collectGarbage;
  engine.blobs.collectGarbage = async (id) => {
    if (id === tenantId) throw new Error('store unreachable');
    return collect(id);
  };
  expect(await engine.collectAllGarbage()).toBe(1);
  expect(await engine.blobs.has(tenantId, kept.hash)).toBe(true);
  expect(await engine.blobs.has(other.id, freed.hash)).toBe(false);
});

it('sweeps the packs a writer left unindexed when it collects every tenant', async () => {
  const tenantId = await setUp(3_600_000);
  await engine.blobs.put(tenantId, Buffer.from('content nothing references yet'));
  // blobGraceSeconds 0: an orphan made a second ago is past it.
  const orphan = `packs/${tenantId}/${newPackId(Date.now() - 1000)}`;
  await engine.objects.put(orphan, Buffer.from('sealed bytes no row names'));
  await engine.collectAllGarbage();
  expect(await engine.objects.has(orphan)).toBe(false);
});

it('sweeps the unindexed packs of a tenant that has no blob rows at all', async () => {
  const tenantId = await setUp(3_600_000);
  const orphan = `packs/${tenantId}/${newPackId(Date.now() - 1000)}`;
  await engine.objects.put(orphan, Buffer.from('sealed bytes of a run that stopped before its rows'));
  await engine.collectAllGarbage();
  expect(await engine.objects.has(orphan)).toBe(false);
});

describe("a deleted tenant's stored content", () => {
  /** The tenant's rows go at once; its objects wait for the purge queued with them (tenant-purges.ts). */
  async function deleteTenant(tenantId: string): Promise<void> {
    await db.transaction(async (tx) => {
      await queueTenantPurge(tx, tenantId);
      await tx.query('delete from backup_tenants where id = $1', [tenantId]);
    });
  }
  const pending = async () =>
    (await db.query<{ attempts: number; last_error: string | null }>('select attempts, last_error from backup_tenant_purges')).rows;

  it('is deleted by the next purge, and a failed purge is kept and tried again later', async () => {
    const tenantId = await setUp(3_600_000);
    await engine.blobs.putMany(tenantId, [Buffer.from('a packed blob'), Buffer.from('another packed blob')]);
    const stored = async () => {
      const keys: string[] = [];
      for (const folder of ['packs', 'blobs']) for await (const key of engine.objects.list!(`${folder}/${tenantId}`)) keys.push(key);
      return keys;
    };
    expect(await stored()).not.toEqual([]);
    await deleteTenant(tenantId);

    const purge = engine.blobs.purgeTenant;
    engine.blobs.purgeTenant = async () => {
      throw new Error('store unreachable');
    };
    expect(await engine.purgeDeletedTenants()).toEqual({ purged: 0, failed: 1 });
    expect(await pending()).toEqual([{ attempts: 1, last_error: 'store unreachable' }]);
    // Not again at once: it waits before the next attempt.
    expect(await engine.purgeDeletedTenants()).toEqual({ purged: 0, failed: 0 });
    expect(await stored()).not.toEqual([]);

    engine.blobs.purgeTenant = purge;
    await db.query('update backup_tenant_purges set claimed_until = now() - interval \'1 second\'');
    expect(await engine.purgeDeletedTenants()).toEqual({ purged: 1, failed: 0 });
    expect(await stored()).toEqual([]);
    expect(await pending()).toEqual([]);
  });

  it('is deleted by the scheduler by itself', async () => {
    const tenantId = await setUp(3_600_000);
    const put = await engine.blobs.put(tenantId, Buffer.from('content of a tenant about to go'));
    const packs = await db.query<{ id: string }>('select pack_id as id from backup_blobs where hash = $1', [put.hash]);
    const pack = `packs/${tenantId}/${packs.rows[0].id}`;
    expect(await engine.objects.has(pack)).toBe(true);
    await deleteTenant(tenantId);
    await engine.start();
    const deadline = Date.now() + 10_000;
    while ((await engine.objects.has(pack)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
    expect(await engine.objects.has(pack)).toBe(false);
    expect(await pending()).toEqual([]);
  });
});
