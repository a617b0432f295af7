import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  applyRetention,
  createEmbeddedQueue,
  createEngine,
  createLocalObjectStore,
  defaultGraphClientFactory,
  objectTotalsAt,
  requestCancel,
  type Engine,
  type ObjectStore,
} from '@portal/engine';
import { migrate, type Db } from '@portal/db';
import { seedDemo } from '../seed/seed-demo';
import { openTestDatabase } from '../test/build';
import { insertCustomerTenant } from '../test/customer-tenant';
import { testEmulator } from '../test/emulator';

// Engine behaviour on a real database and the emulator: dedup, encryption, point-in-time views,
// retention, and a run stopped in the middle that resumes where it stopped.

jest.setTimeout(180_000);

const MASTER = 'engine-test-master-secret-0123456789abcdef';

const emulator = testEmulator({ seed: 'engine-test', size: 600, users: 4 });

interface Fixture {
  db: Db;
  dir: string;
  objects: ObjectStore;
  tenantId: string;
  organisationId: string;
  engine: (options?: { pageSize?: number; objectConcurrency?: number }) => Engine;
  createSet: (name: string, services: string[], retentionDays?: number) => Promise<string>;
  runBackup: (engine: Engine, setId: string) => Promise<{ id: string; status: string; run_seq: number }>;
}

const engines: Engine[] = [];
const dirs: string[] = [];
afterEach(async () => {
  while (engines.length) await engines.pop()!.stop();
  while (dirs.length) fs.rmSync(dirs.pop()!, { recursive: true, force: true });
});

async function fixture(): Promise<Fixture> {
  const db = await openTestDatabase();
  await migrate(db);
  await seedDemo(db);
  const { organisationId, tenant } = await insertCustomerTenant(db, MASTER, emulator, 'Engine test');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-test-'));
  dirs.push(dir);
  const objects = createLocalObjectStore(dir);
  const engine = (options: { pageSize?: number; objectConcurrency?: number } = {}) => {
    const created = createEngine({
      db,
      masterSecret: MASTER,
      objects,
      queue: createEmbeddedQueue(db, { pollMs: 100 }),
      graphFactory: defaultGraphClientFactory(options.pageSize ? { pageSize: options.pageSize } : {}),
      objectConcurrency: options.objectConcurrency ?? 2,
      scheduleEveryMs: 60_000,
    });
    engines.push(created);
    return created;
  };
  const createSet = async (name: string, services: string[], retentionDays = 30) => {
    const { rows: set } = await db.query<{ id: string }>(
      `insert into backup_sets (organisation_id, tenant_id, name, type, scope, services, schedule, retention_days)
       values ($1, $2, $3, 'm365', '{"mode":"all"}', $4::jsonb, '{"frequency":"manual","time":"02:00","dayOfWeek":0}', $5) returning id`,
      [organisationId, tenant.id, name, JSON.stringify(services), retentionDays],
    );
    return set[0].id;
  };
  const runBackup = async (engine: Engine, setId: string) => {
    const job = await engine.startBackup(setId);
    await engine.runJob(job.id);
    const { rows: done } = await db.query<{ id: string; status: string; run_seq: number }>('select id, status, run_seq from backup_jobs where id = $1', [job.id]);
    return done[0];
  };
  return { db, dir, objects, tenantId: tenant.id, organisationId, engine, createSet, runBackup };
}

const count = async (db: Db, sql: string, params: unknown[] = []) => Number((await db.query<{ n: number }>(sql, params)).rows[0].n);

/** Every snapshot of a set holds its object's item count and size as the catalog has them at its run (counted whole). */
async function expectSnapshotTotalsOfCatalog(db: Db, setId: string): Promise<void> {
  const { rows } = await db.query<{ object_id: string; run_seq: number; item_count: number; size_bytes: string }>(
    'select object_id, run_seq, item_count, size_bytes from backup_snapshots where set_id = $1 order by run_seq, object_id',
    [setId],
  );
  expect(rows.length).toBeGreaterThan(0);
  const stored = rows.map((row) => ({ object: row.object_id, run: row.run_seq, itemCount: Number(row.item_count), sizeBytes: Number(row.size_bytes) }));
  const counted = await Promise.all(rows.map(async (row) => ({ object: row.object_id, run: row.run_seq, ...(await objectTotalsAt(db, row.object_id, row.run_seq)) })));
  expect(stored).toEqual(counted);
}

describe('backup engine', () => {
  it('stores blobs compressed and encrypted, deduplicated per tenant, and detects tampering', async () => {
    const f = await fixture();
    const { blobs } = f.engine();
    const marker = 'PLAINTEXT-MARKER-'.repeat(200);
    const first = await blobs.put(f.tenantId, Buffer.from(marker));
    const second = await blobs.put(f.tenantId, Buffer.from(marker));
    expect(first.deduplicated).toBe(false);
    expect(first.storedSize).toBeGreaterThan(0);
    expect(first.storedSize).toBeLessThan(marker.length / 4);
    expect(second).toMatchObject({ hash: first.hash, deduplicated: true, storedSize: 0 });
    expect((await blobs.get(f.tenantId, first.hash)).toString()).toBe(marker);

    const files = fs.readdirSync(f.dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
    expect(files).toHaveLength(1);
    const stored = fs.readFileSync(path.join(files[0].parentPath, files[0].name));
    expect(stored.includes(Buffer.from('PLAINTEXT-MARKER'))).toBe(false);
    // The object name does not reveal the content hash either.
    expect(files[0].name).not.toBe(first.hash);

    stored[stored.length - 1] ^= 0xff;
    fs.writeFileSync(path.join(files[0].parentPath, files[0].name), stored);
    await expect(blobs.get(f.tenantId, first.hash)).rejects.toThrow();
  });

  it('ends a run that stored everything with a warning saying why, not a failure, when clearing old data fails', async () => {
    const f = await fixture();
    const engine = f.engine();
    engine.blobs.collectGarbage = async () => {
      throw new Error('the blob store is unreachable');
    };
    const setId = await f.createSet('Housekeeping', ['contacts']);
    const run = await f.runBackup(engine, setId);
    expect(run.status).toBe('warning');
    const { rows } = await f.db.query<{ error_message: string }>('select error_message from backup_jobs where id = $1', [run.id]);
    expect(rows[0].error_message).toBe('Backed up, but old data could not be cleared: the blob store is unreachable');
    expect(await count(f.db, `select count(*) as n from backup_item_versions v join backup_objects o on o.id = v.object_id where o.set_id = $1`, [setId])).toBeGreaterThan(0);
    expect(await count(f.db, `select count(*) as n from backup_snapshots where set_id = $1 and status = 'ok'`, [setId])).toBeGreaterThan(0);
    expect(await count(f.db, `select count(*) as n from backup_job_logs where job_id = $1 and level = 'warn' and message like 'Backed up, but%'`, [run.id])).toBe(1);
  });

  it('backs up incrementally, keeps point-in-time views, deduplicates across sets and applies retention', async () => {
    const f = await fixture();
    const engine = f.engine();
    const setId = await f.createSet('All users', ['mail', 'onedrive', 'calendar', 'contacts']);
    const run1 = await f.runBackup(engine, setId);
    expect(run1.status).toBe('succeeded');
    // A whole-tenant set protects users, sites and teams; these services only give users content.
    const objects = (await f.db.query<{ id: string }>(`select id from backup_objects where set_id = $1 and kind = 'user' order by display_name`, [setId])).rows;
    expect(objects).toHaveLength(4);
    const objectCount = await count(f.db, 'select count(*) as n from backup_objects where set_id = $1', [setId]);
    const before = await Promise.all(objects.map((o) => objectTotalsAt(f.db, o.id, 1)));
    expect(before.every((t) => t.itemCount > 0)).toBe(true);
    const blobsAfterRun1 = await count(f.db, 'select count(*) as n from backup_blobs');

    // A second set over the same users stores no new content: everything is already in the tenant's store.
    const twin = await f.createSet('Twin', ['mail', 'onedrive', 'calendar', 'contacts']);
    expect((await f.runBackup(engine, twin)).status).toBe('succeeded');
    expect(await count(f.db, 'select count(*) as n from backup_blobs')).toBe(blobsAfterRun1);
    expect(await count(f.db, 'select count(*) as n from backup_item_versions where set_id = $1', [twin])).toBe(
      await count(f.db, 'select count(*) as n from backup_item_versions where set_id = $1', [setId]),
    );

    // An unchanged tenant: the next run adds no version at all.
    const idle = await f.runBackup(engine, setId);
    expect(idle.run_seq).toBe(2);
    expect(await count(f.db, 'select count(*) as n from backup_item_versions where set_id = $1 and valid_from_run = 2', [setId])).toBe(0);

    const summary = emulator.mutate(0.3);
    expect(summary.added + summary.changed + summary.deleted).toBeGreaterThan(0);
    const run3 = await f.runBackup(engine, setId);
    expect(run3.status).toBe('succeeded');
    const { rows: snaps } = await f.db.query<{ added_count: number; changed_count: number; removed_count: number }>(
      'select added_count, changed_count, removed_count from backup_snapshots where set_id = $1 and run_seq = 3',
      [setId],
    );
    const changes = snaps.reduce((sum, s) => sum + s.added_count + s.changed_count + s.removed_count, 0);
    expect(changes).toBeGreaterThan(0);
    await expectSnapshotTotalsOfCatalog(f.db, setId);

    // Run 1's view did not move although run 3 closed and added versions.
    const after = await Promise.all(objects.map((o) => objectTotalsAt(f.db, o.id, 1)));
    expect(after).toEqual(before);
    const removed = await count(f.db, 'select count(*) as n from backup_item_versions where set_id = $1 and valid_to_run = 3', [setId]);
    const visibleInRun1Only = await count(
      f.db,
      `select count(*) as n from backup_item_versions where set_id = $1 and valid_from_run <= 1 and valid_to_run = 3`,
      [setId],
    );
    expect(visibleInRun1Only).toBe(removed);

    // Retention: run 1 and 2 snapshots are older than the window; the newest (run 3) stays.
    await f.db.query(`update backup_snapshots set taken_at = now() - interval '10 days' where set_id = $1 and run_seq < 3`, [setId]);
    const retained = await applyRetention(f.db, setId, 1);
    expect(retained.snapshots).toBe(objectCount * 2);
    expect(retained.versions).toBe(removed);
    expect(await count(f.db, 'select count(*) as n from backup_snapshots where set_id = $1', [setId])).toBe(objectCount);
    expect(await count(f.db, 'select count(*) as n from backup_item_versions where set_id = $1 and valid_to_run is not null', [setId])).toBe(0);
    // The next run counts its snapshots from the one retention kept.
    emulator.mutate(0.3);
    expect((await f.runBackup(engine, setId)).status).toBe('succeeded');
    await expectSnapshotTotalsOfCatalog(f.db, setId);
    // A day later the blobs' leases (the engine's blob-leases.ts) have run out: only references keep them now.
    await f.db.query(`update backup_blobs set touched_at = now() - interval '2 days'`);
    // The twin set still references the old content, so nothing is collectable yet; without it, it is.
    expect(await engine.blobs.collectGarbage(f.tenantId)).toBe(0);
    await f.db.query('delete from backup_sets where id = $1', [twin]);
    const collected = await engine.blobs.collectGarbage(f.tenantId);
    expect(collected).toBeGreaterThan(0);
    // Every remaining version still reads back.
    const { rows: hashes } = await f.db.query<{ blob_hash: string }>('select distinct blob_hash from backup_item_versions where blob_hash is not null');
    for (const { blob_hash } of hashes) await expect(engine.blobs.get(f.tenantId, blob_hash)).resolves.toBeInstanceOf(Buffer);
  });

  it("ends a run by collecting the blobs its retention freed, and leaves other garbage to the scheduler's collection", async () => {
    const f = await fixture();
    const engine = f.engine();
    const setId = await f.createSet('Freed at the end', ['contacts'], 1);
    expect((await f.runBackup(engine, setId)).status).toBe('succeeded');
    emulator.mutate(0.3);
    expect((await f.runBackup(engine, setId)).status).toBe('succeeded');
    // Content only run 1 saw: versions run 2 ended whose content no current version holds.
    const { rows: ended } = await f.db.query<{ blob_hash: string }>(
      `select distinct v.blob_hash from backup_item_versions v where v.set_id = $1 and v.valid_to_run is not null and v.blob_hash is not null
          and not exists (select 1 from backup_item_versions w where w.blob_hash = v.blob_hash and w.valid_to_run is null)`,
      [setId],
    );
    expect(ended.length).toBeGreaterThan(0);
    const stray = await engine.blobs.put(f.tenantId, Buffer.from('stored by a run that stopped before writing its versions'));
    // Run 1's and 2's snapshots are older than the set's day of retention, and every lease has run out.
    await f.db.query(`update backup_snapshots set taken_at = now() - interval '10 days' where set_id = $1`, [setId]);
    await f.db.query(`update backup_blobs set touched_at = now() - interval '2 days'`);
    expect((await f.runBackup(engine, setId)).status).toBe('succeeded');
    for (const { blob_hash } of ended) expect(await engine.blobs.has(f.tenantId, blob_hash)).toBe(false);
    expect(await engine.blobs.has(f.tenantId, stray.hash)).toBe(true);
    expect(await engine.collectAllGarbage()).toBeGreaterThanOrEqual(1);
    expect(await engine.blobs.has(f.tenantId, stray.hash)).toBe(false);
  });

  it("counts an object's snapshot from its previous one and what changed since, not from every version again", async () => {
    const f = await fixture();
    const engine = f.engine();
    const setId = await f.createSet('Counted', ['contacts']);
    expect((await f.runBackup(engine, setId)).status).toBe('succeeded');
    // A marker only a count carried over from run 1 keeps: a count of every version would drop it.
    const { rows } = await f.db.query<{ object_id: string; item_count: number }>(
      `update backup_snapshots set item_count = item_count + 1000 where id = (select id from backup_snapshots where set_id = $1 and item_count > 0 limit 1) returning object_id, item_count`,
      [setId],
    );
    expect((await f.runBackup(engine, setId)).status).toBe('succeeded');
    const { rows: next } = await f.db.query<{ item_count: number }>('select item_count from backup_snapshots where object_id = $1 and run_seq = 2', [rows[0].object_id]);
    expect(next[0].item_count).toBe(rows[0].item_count);
  });

  it('resumes a run stopped in the middle without redoing finished objects', async () => {
    const f = await fixture();
    const setId = await f.createSet('Resume', ['mail', 'onedrive']);
    const first = f.engine({ pageSize: 5, objectConcurrency: 1 });
    await first.start();
    const job = await first.startBackup(setId);
    // Wait until at least one object is done and the run is inside another one, then stop the worker.
    for (;;) {
      const { rows } = await f.db.query<{ objects_done: number; items_done: number; status: string }>('select objects_done, items_done, status from backup_jobs where id = $1', [job.id]);
      if (rows[0].status !== 'running' && rows[0].status !== 'queued') throw new Error(`job ended before it could be stopped: ${rows[0].status}`);
      if (rows[0].objects_done >= 1) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await first.stop();
    const { rows: stopped } = await f.db.query<{ status: string; run_seq: number }>('select status, run_seq from backup_jobs where id = $1', [job.id]);
    expect(stopped[0].status).toBe('running');
    const doneBefore = (await f.db.query<{ object_id: string; taken_at: Date }>('select object_id, taken_at from backup_snapshots where job_id = $1', [job.id])).rows;
    expect(doneBefore.length).toBeGreaterThanOrEqual(1);
    const total = await count(f.db, 'select count(*) as n from backup_objects where set_id = $1', [setId]);
    expect(doneBefore.length).toBeLessThan(total);
    const checkpoints = await count(f.db, 'select count(*) as n from backup_checkpoints where run_seq = $1', [stopped[0].run_seq]);
    expect(checkpoints).toBeGreaterThan(0);

    // The stopped worker's heartbeat goes stale; another worker takes the job over.
    await f.db.query(`update backup_jobs set heartbeat_at = now() - interval '1 hour' where id = $1`, [job.id]);
    const second = f.engine({ pageSize: 5 });
    await second.runJob(job.id);
    const { rows: finished } = await f.db.query<{ status: string; run_seq: number; worker_id: string }>('select status, run_seq, worker_id from backup_jobs where id = $1', [job.id]);
    expect(finished[0]).toMatchObject({ status: 'succeeded', run_seq: stopped[0].run_seq, worker_id: second.workerId });
    const after = (await f.db.query<{ object_id: string; taken_at: Date }>('select object_id, taken_at from backup_snapshots where job_id = $1', [job.id])).rows;
    expect(after).toHaveLength(total);
    for (const done of doneBefore) expect(after.find((a) => a.object_id === done.object_id)!.taken_at).toEqual(done.taken_at);

    // The resumed run holds exactly what an uninterrupted run of the same tenant holds.
    const control = await f.createSet('Control', ['mail', 'onedrive']);
    expect((await f.runBackup(second, control)).status).toBe('succeeded');
    const summary = async (id: string) =>
      (
        await f.db.query<{ external_id: string; blob_hash: string }>(
          `select o.external_id || ':' || v.service || ':' || v.external_id as external_id, coalesce(v.blob_hash, '') as blob_hash
             from backup_item_versions v join backup_objects o on o.id = v.object_id where v.set_id = $1 and v.valid_to_run is null order by 1`,
          [id],
        )
      ).rows;
    expect(await summary(setId)).toEqual(await summary(control));
    emulator.mutate(0.3);
    expect((await f.runBackup(second, setId)).status).toBe('succeeded');
    await expectSnapshotTotalsOfCatalog(f.db, setId);
  });

  it('ends a job cancelled while its Graph calls fail as cancelled, not failed', async () => {
    const f = await fixture();
    const setId = await f.createSet('Cancel', ['contacts']);
    const engine = f.engine({ objectConcurrency: 1 });
    // Every contacts call is throttled: the connector waits out Retry-After, then gives up with a
    // GraphError, long after the cancel was seen by the job's heartbeat.
    emulator.setThrottle({ status: 429, retryAfterSeconds: 2, match: '/contacts' });
    try {
      const job = await engine.startBackup(setId);
      const run = engine.runJob(job.id);
      // Cancel once the run is inside the throttled call, between two of its checkpoints.
      const throttledBefore = emulator.stats().throttled;
      while (emulator.stats().throttled === throttledBefore) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await requestCancel(f.db, job.id)).not.toBeNull();
      await run;
      const { rows } = await f.db.query<{ status: string; error_message: string | null }>('select status, error_message from backup_jobs where id = $1', [job.id]);
      expect(rows[0]).toEqual({ status: 'cancelled', error_message: 'Cancelled' });
    } finally {
      emulator.setThrottle(null);
    }
  });

  it('starts a full round when Graph has forgotten a delta token, and ends what was deleted meanwhile', async () => {
    const f = await fixture();
    const setId = await f.createSet('Resync', ['mail']);
    const engine = f.engine();
    expect((await f.runBackup(engine, setId)).status).toBe('succeeded');
    const current = () => count(f.db, `select count(*) as n from backup_item_versions where set_id = $1 and service = 'mail' and valid_to_run is null`, [setId]);
    const before = await current();
    // Graph forgets every delta token (410 on the stored links), and a message goes meanwhile.
    const { tenant } = emulator;
    const user = tenant.users[0];
    const { rows } = await f.db.query<{ external_id: string }>(
      `select v.external_id from backup_item_versions v join backup_objects o on o.id = v.object_id
        where v.set_id = $1 and o.external_id = $2 and v.service = 'mail' and v.valid_to_run is null limit 1`,
      [setId, user.id],
    );
    const gone = tenant.parseItemId('message', rows[0].external_id)!;
    tenant.deleteItem(gone.container, gone.index);
    emulator.expireDeltaTokens();
    const run = await f.runBackup(engine, setId);
    expect(run.status).toBe('succeeded');
    expect(await current()).toBe(before - 1);
    const log = await f.db.query<{ message: string }>(`select message from backup_job_logs where job_id = $1`, [run.id]);
    expect(log.rows.some((l) => /full resynchronisation/.test(l.message))).toBe(true);
    await expectSnapshotTotalsOfCatalog(f.db, setId);
  });

  it('records a failing object and keeps what the others backed up', async () => {
    const f = await fixture();
    const setId = await f.createSet('Partial', ['contacts']);
    const engine = f.engine();
    const victim = emulator.tenant.users[0].id;
    emulator.setFailure({ status: 500, code: 'generalException', match: `/users/${victim}/contactFolders` });
    try {
      const run = await f.runBackup(engine, setId);
      expect(run.status).toBe('warning');
    } finally {
      emulator.setFailure(null);
    }
    const { rows } = await f.db.query<{ external_id: string; status: string; last_error: string | null }>('select external_id, status, last_error from backup_objects where set_id = $1', [setId]);
    expect(rows.find((r) => r.external_id === victim)).toMatchObject({ status: 'failed' });
    expect(rows.filter((r) => r.status === 'ok')).toHaveLength(rows.length - 1);
    expect(await count(f.db, `select count(*) as n from backup_snapshots where set_id = $1 and status = 'failed'`, [setId])).toBe(1);
    const retry = await f.runBackup(engine, setId);
    expect(retry.status).toBe('succeeded');
  });
});

// Last in the file: it deletes a channel and a document library from the shared emulator.
describe('containers deleted as a whole', () => {
  it('end the items of a deleted channel and of a deleted document library at the next run', async () => {
    const f = await fixture();
    const setId = await f.createSet('Teams and sites', ['sharepoint', 'teams']);
    const engine = f.engine();
    expect((await f.runBackup(engine, setId)).status).toBe('succeeded');
    const current = async (service: string, containerId: string) =>
      count(f.db, `select count(*) as n from backup_item_versions where set_id = $1 and service = $2 and container_id = $3 and valid_to_run is null and kind <> 'folder'`, [setId, service, containerId]);
    const { tenant } = emulator;
    const channel = tenant.channels.find((c) => tenant.channels.some((other) => other.groupIdx === c.groupIdx && other.no !== c.no))!;
    const sibling = tenant.channels.find((c) => c.groupIdx === channel.groupIdx && c.no !== channel.no)!;
    const site = tenant.sites.find((s) => s.driveNos.length > 0)!;
    const drive = tenant.drives[site.driveNos[0]];
    expect(await current('teams', channel.id)).toBeGreaterThan(0);
    expect(await current('teams', sibling.id)).toBeGreaterThan(0);
    expect(await current('sharepoint', drive.id)).toBeGreaterThan(0);
    const siblingBefore = await current('teams', sibling.id);

    expect(tenant.removeChannel(channel.id)).toBe(true);
    expect(tenant.removeDrive(drive.id)).toBe(true);
    expect((await f.runBackup(engine, setId)).status).toBe('succeeded');
    expect(await current('teams', channel.id)).toBe(0);
    expect(await current('sharepoint', drive.id)).toBe(0);
    expect(await current('teams', sibling.id)).toBe(siblingBefore);
    await expectSnapshotTotalsOfCatalog(f.db, setId);
  });
});
