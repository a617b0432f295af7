import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { migrate, openDatabase, type Db } from '@portal/db';
import type { BlobStore, ObjectStore } from '../ports';
import { insertTenant } from '../tenants';
import { analyzedPlan, joins, rowsProduced, rowsRead } from '../testing/explain';
import { startTestS3, type TestS3 } from '../testing/s3-test-server';
import { UNREFERENCED_AMONG, UNREFERENCED_BLOBS } from './blob-leases';
import { createBlobStore } from './blob-store';
import { ALONE_BYTES, MERGE_LEAST, newPackId } from './blob-packs';
import { createLocalObjectStore } from './local-object-store';
import { createS3ObjectStore } from './s3-object-store';

// The content-addressed store on both object stores (local disk, an S3-compatible bucket) and both
// databases (PGlite, and PostgreSQL: DATABASE_URL, else the local test database, in a schema of its
// own that it drops), on the engine's real tables: deduplication, concurrent writers of the same
// content, and garbage collection that spares a blob a running backup has just been told is stored.

const MASTER = 'blob-store-test-master-secret-0123456789ab';
const GRACE_SECONDS = 3600;

const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const pgSchema = `engine_blobs_${crypto.randomBytes(5).toString('hex')}`;

let db: Db;
let s3: TestS3;
let dir: string;
let tenantId: string;
let setId: string;
let objectId: string;

beforeAll(async () => {
  s3 = await startTestS3('portal-backups');
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blob-store-test-'));
});

afterAll(async () => {
  await s3?.stop();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A migrated database with one tenant, set and backed-up user, as a backup run would find it. */
async function openCatalog(open: () => Promise<Db>): Promise<void> {
  db = await open();
  await migrate(db);
  const { rows: org } = await db.query<{ id: string }>(`insert into organisations (name, kind, path) values ('Blob test', 'PROVIDER', '/blob-test/') returning id`);
  const credentials = { tenantId: 'tenant', clientId: 'client', clientSecret: 'secret', graphBaseUrl: 'http://127.0.0.1:9' };
  tenantId = (await insertTenant(db, MASTER, { organisationId: org[0].id, name: 'Blob test', credentials })).id;
  const { rows: set } = await db.query<{ id: string }>(
    `insert into backup_sets (organisation_id, tenant_id, name, type, scope, services, schedule, retention_days)
     values ($1, $2, 'Blobs', 'm365', '{"mode":"all"}', '["mail"]', '{"frequency":"manual","time":"02:00","dayOfWeek":0}', 30) returning id`,
    [org[0].id, tenantId],
  );
  setId = set[0].id;
  const { rows: object } = await db.query<{ id: string }>(`insert into backup_objects (set_id, kind, external_id, display_name) values ($1, 'user', 'u1', 'User') returning id`, [setId]);
  objectId = object[0].id;
}

/** What a backup writes after its batch: an item version that references the blob. */
async function referenceBlob(hash: string, where = { setId, objectId }): Promise<void> {
  await db.query(
    `insert into backup_item_versions (set_id, object_id, service, kind, external_id, container_id, folder_path, name, size_bytes, content_type, blob_hash, valid_from_run, search)
     values ($1, $2, 'mail', 'message', $3, 'inbox', 'Inbox', 'Message', 1, 'message/rfc822', $4, 1, to_tsvector('simple', 'message'))`,
    [where.setId, where.objectId, crypto.randomUUID(), hash],
  );
}

/** As if the blob was last stored or found by a put two grace windows ago. */
const ageLease = (hash: string) => db.query(`update backup_blobs set touched_at = now() - make_interval(secs => $2) where hash = $1`, [hash, GRACE_SECONDS * 2]);
const packIndexed = async (id: string) => (await db.query('select 1 from backup_blob_packs where id = $1', [id])).rows.length === 1;
const indexed = async (hash: string) => (await db.query('select 1 from backup_blobs where hash = $1', [hash])).rows.length === 1;
const unique = (label: string) => Buffer.from(`${label} ${crypto.randomBytes(16).toString('hex')} `.repeat(50));

const stores: Array<[string, () => ObjectStore]> = [
  ['local', () => createLocalObjectStore(dir)],
  ['s3', () => createS3ObjectStore({ bucket: s3.bucket, prefix: 'blob-store-test', region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true }, s3.client)],
];

const databases: Array<[string, () => Promise<Db>, (db: Db) => Promise<void>]> = [
  ['PGlite', () => openDatabase({}), async () => undefined],
  ['PostgreSQL', () => openDatabase({ databaseUrl, schema: pgSchema, poolSize: 4 }), (db) => db.exec(`drop schema ${pgSchema} cascade`)],
];

describe.each(databases)('on %s', (database, openDb, dropDb) => {
  beforeAll(() => openCatalog(openDb), 60_000);
  afterAll(async () => {
    if (!db) return;
    await dropDb(db);
    await db.close();
  });

  describe.each(stores)('blob store on the %s object store', (_kind, open) => {
    let objects: ObjectStore;
    let blobs: BlobStore;
    beforeAll(() => {
      objects = open();
      blobs = createBlobStore({ db, objects, masterSecret: MASTER, graceSeconds: GRACE_SECONDS });
    });

    /** The tenant's objects: its packs and its blobs stored alone. */
    /** A blob store on the same database whose object store does some things its own way. */
    const withObjects = (override: Partial<ObjectStore>) => createBlobStore({ db, masterSecret: MASTER, graceSeconds: GRACE_SECONDS, objects: { ...objects, ...override } });

    const keysOf = async (tenant: string) => {
      const all: string[] = [];
      for (const folder of ['packs', 'blobs']) for await (const key of objects.list!(`${folder}/${tenant}`)) all.push(key);
      return all;
    };

    const keys = () => keysOf(tenantId);

    /** A tenant of its own with a set and a user, for a test that counts a tenant's packs (the others leave theirs). */
    const newTenant = async () => {
      const { rows } = await db.query<{ organisation_id: string }>('select organisation_id from backup_tenants where id = $1', [tenantId]);
      const credentials = { tenantId: 'other', clientId: 'client', clientSecret: 'secret', graphBaseUrl: 'http://127.0.0.1:9' };
      const id = (await insertTenant(db, MASTER, { organisationId: rows[0].organisation_id, name: `Blob test ${crypto.randomUUID()}`, credentials })).id;
      const { rows: set } = await db.query<{ id: string }>(
        `insert into backup_sets (organisation_id, tenant_id, name, type, scope, services, schedule, retention_days)
         values ($1, $2, 'Blobs', 'm365', '{"mode":"all"}', '["mail"]', '{"frequency":"manual","time":"02:00","dayOfWeek":0}', 30) returning id`,
        [rows[0].organisation_id, id],
      );
      const { rows: object } = await db.query<{ id: string }>(`insert into backup_objects (set_id, kind, external_id, display_name) values ($1, 'user', 'u1', 'User') returning id`, [set[0].id]);
      const where = { setId: set[0].id, objectId: object[0].id };
      return { id, reference: (hash: string) => referenceBlob(hash, where) };
    };

    it('stores content once under its content address, sealed, and reads it back', async () => {
      const content = unique('stored once');
      const before = (await keys()).length;
      const first = await blobs.put(tenantId, content);
      const second = await blobs.put(tenantId, content);
      expect(first).toMatchObject({ deduplicated: false, size: content.length });
      expect(second).toMatchObject({ hash: first.hash, deduplicated: true, storedSize: 0 });
      expect(first.hash).toBe(crypto.createHash('sha256').update(content).digest('hex'));
      expect((await keys()).length).toBe(before + 1);
      const sealed = await Promise.all((await keys()).map((key) => objects.get(key)));
      expect(sealed.some((object) => object!.includes(content.subarray(0, 40)))).toBe(false);
      expect((await blobs.get(tenantId, first.hash)).equals(content)).toBe(true);
    });

    it('flushes the objects it wrote before their index rows exist (a store that has flush)', async () => {
      const content = [unique('flushed one'), unique('flushed two')];
      const hashes = content.map((c) => crypto.createHash('sha256').update(c).digest('hex'));
      const flushed: Array<{ keys: number; indexed: boolean[] }> = [];
      const recording = withObjects({
        async flush(keys) {
          flushed.push({ keys: keys.length, indexed: await Promise.all(hashes.map(indexed)) });
          await objects.flush?.(keys);
        },
      });
      await Promise.all(content.map((c) => recording.put(tenantId, c)));
      // Put in the same turn, stored together: one pack.
      expect(flushed).toEqual([{ keys: 1, indexed: [false, false] }]);
      expect(await Promise.all(hashes.map(indexed))).toEqual([true, true]);
    });

    it('lets several writers store the same content at once: one index row, one whole object', async () => {
      const content = unique('concurrent');
      const results = await Promise.all(Array.from({ length: 5 }, () => blobs.put(tenantId, content)));
      expect(new Set(results.map((r) => r.hash)).size).toBe(1);
      // One index insert wins; the others found its row, or wrote the same bytes under the same key first.
      expect(results.filter((r) => !r.deduplicated).length).toBe(1);
      const { rows } = await db.query('select 1 from backup_blobs where tenant_id = $1 and hash = $2', [tenantId, results[0].hash]);
      expect(rows).toHaveLength(1);
      expect((await blobs.get(tenantId, results[0].hash)).equals(content)).toBe(true);
    });

    it('collects a blob that nothing references once its lease has run out, object and row', async () => {
      const kept = await blobs.put(tenantId, unique('referenced'));
      await referenceBlob(kept.hash);
      const garbage = await blobs.put(tenantId, unique('garbage'));
      const recent = await blobs.put(tenantId, unique('recent'));
      await ageLease(kept.hash);
      await ageLease(garbage.hash);
      const before = (await keys()).length;
      expect(await blobs.collectGarbage(tenantId)).toBeGreaterThanOrEqual(1);
      expect(await indexed(garbage.hash)).toBe(false);
      await expect(blobs.get(tenantId, garbage.hash)).rejects.toThrow('missing from the store');
      expect((await keys()).length).toBeLessThan(before);
      // Referenced, or stored within the grace window: both stay.
      expect(await indexed(kept.hash)).toBe(true);
      expect(await indexed(recent.hash)).toBe(true);
      await expect(blobs.get(tenantId, recent.hash)).resolves.toBeInstanceOf(Buffer);
    });

    it('collects, given some hashes, only those of them that can go, and leaves other garbage to a whole collection', async () => {
      const freed = await blobs.put(tenantId, unique('freed by retention'));
      const elsewhere = await blobs.put(tenantId, unique('garbage not named'));
      const stillReferenced = await blobs.put(tenantId, unique('named, still referenced'));
      await referenceBlob(stillReferenced.hash);
      const recent = await blobs.put(tenantId, unique('named, lease still running'));
      for (const hash of [freed.hash, elsewhere.hash, stillReferenced.hash]) await ageLease(hash);
      expect(await blobs.collectGarbage(tenantId, [freed.hash, stillReferenced.hash, recent.hash, freed.hash])).toBe(1);
      expect(await indexed(freed.hash)).toBe(false);
      await expect(blobs.get(tenantId, freed.hash)).rejects.toThrow('missing from the store');
      for (const hash of [elsewhere.hash, stillReferenced.hash, recent.hash]) expect(await indexed(hash)).toBe(true);
      expect(await blobs.collectGarbage(tenantId, [])).toBe(0);
      expect(await blobs.collectGarbage(tenantId)).toBeGreaterThanOrEqual(1);
      expect(await indexed(elsewhere.hash)).toBe(false);
      expect(await indexed(stillReferenced.hash)).toBe(true);
    });

    // Today's race, step by step: a backup's put finds an old, unreferenced blob and answers
    // "deduplicated"; another job's garbage collection runs; then the backup writes its item version.
    // Without the lease the collector deleted row and object in between and the version pointed at nothing.
    it('never deletes a blob a backup has just been told is stored, before its version references it', async () => {
      const content = unique('race');
      const stored = await blobs.put(tenantId, content);
      await ageLease(stored.hash);
      const put = await blobs.put(tenantId, content);
      expect(put.deduplicated).toBe(true);
      await blobs.collectGarbage(tenantId);
      await referenceBlob(put.hash);
      expect((await blobs.get(tenantId, put.hash)).equals(content)).toBe(true);
      expect(await indexed(put.hash)).toBe(true);
    });

    it('stores a blob again when a collector removed it while the put waited for it', async () => {
      // Stored alone, so the collector deletes its object while it holds the row (a packed blob's row
      // goes without an object of its own; its pack is deleted after).
      const content = crypto.randomBytes(ALONE_BYTES);
      const stored = await blobs.put(tenantId, content);
      await ageLease(stored.hash);
      // The collector deletes the object slowly; a put of the same content arrives in the middle.
      let putDuring: Promise<unknown> | null = null;
      const slow = withObjects({
        delete: async (key) => {
          putDuring ??= blobs.put(tenantId, content);
          await new Promise((resolve) => setTimeout(resolve, 50));
          await objects.delete(key);
        },
      });
      await slow.collectGarbage(tenantId);
      expect(await putDuring).toMatchObject({ hash: stored.hash, deduplicated: false });
      await referenceBlob(stored.hash);
      expect((await blobs.get(tenantId, stored.hash)).equals(content)).toBe(true);
    });

    it('keeps the row of a pack, and of a blob stored alone, whose object could not be deleted, and says so', async () => {
      const packed = await blobs.put(tenantId, unique('undeletable'));
      // Random bytes do not compress: sealed, this one is too large to share a pack.
      const alone = await blobs.put(tenantId, crypto.randomBytes(ALONE_BYTES));
      const { rows } = await db.query<{ hash: string; pack_id: string | null }>('select hash, pack_id from backup_blobs where hash = any($1)', [[packed.hash, alone.hash]]);
      const packOf = new Map(rows.map((row) => [row.hash, row.pack_id]));
      expect(packOf.get(packed.hash)).toEqual(expect.any(String));
      expect(packOf.get(alone.hash)).toBeNull();
      await ageLease(packed.hash);
      await ageLease(alone.hash);
      const failing = withObjects({ delete: async () => Promise.reject(new Error('bucket unavailable')) });
      await expect(failing.collectGarbage(tenantId)).rejects.toThrow('bucket unavailable');
      expect(await indexed(alone.hash)).toBe(true);
      await expect(blobs.get(tenantId, alone.hash)).resolves.toBeInstanceOf(Buffer);
      // A blob in a pack has no object of its own: its row goes, the pack's stays with the pack.
      await expect(failing.collectGarbage(tenantId)).rejects.toThrow('bucket unavailable');
      expect(await indexed(packed.hash)).toBe(false);
      expect(await packIndexed(packOf.get(packed.hash)!)).toBe(true);
      // The next collection deletes the blob stored alone. The pack its failed predecessor emptied is not
      // one it took rows from: the scheduler's pass (tidyPacks) compacts it.
      await blobs.collectGarbage(tenantId);
      expect(await indexed(alone.hash)).toBe(false);
      expect(await packIndexed(packOf.get(packed.hash)!)).toBe(true);
      await blobs.tidyPacks(tenantId);
      expect(await packIndexed(packOf.get(packed.hash)!)).toBe(false);
    });

    it('stores the contents of one put in one pack, reads each back by its range, compacts it when most are collected and deletes it with its last blob', async () => {
      const own = await newTenant();
      const tenantId = own.id;
      const referenceBlob = own.reference;
      const keys = () => keysOf(tenantId);
      const contents = Array.from({ length: 30 }, (_, i) => unique(`packed ${i}`));
      const before = (await keys()).length;
      const results = await blobs.putMany(tenantId, contents);
      expect((await keys()).length).toBe(before + 1);
      const placed = async (hashes: string[]) =>
        (
          await db.query<{ hash: string; pack_id: string; pack_offset: string; stored_size: string }>(
            'select hash, pack_id, pack_offset, stored_size from backup_blobs where hash = any($1) order by pack_offset',
            [hashes],
          )
        ).rows;
      const rows = await placed(results.map((r) => r.hash));
      expect(new Set(rows.map((row) => row.pack_id)).size).toBe(1);
      // Back to back: each blob starts where the one before it ends.
      rows.forEach((row, i) => expect(Number(row.pack_offset)).toBe(i === 0 ? 0 : Number(rows[i - 1].pack_offset) + Number(rows[i - 1].stored_size)));
      for (const [i, result] of results.entries()) expect((await blobs.get(tenantId, result.hash)).equals(contents[i])).toBe(true);

      // Two still referenced, 28 collected: the pack is rewritten with just the two, and the old one goes.
      const kept = [results[3].hash, results[17].hash];
      for (const hash of kept) await referenceBlob(hash);
      for (const result of results) await ageLease(result.hash);
      expect(await blobs.collectGarbage(tenantId)).toBe(28);
      const moved = await placed(kept);
      expect(moved.map((row) => row.pack_id)).toEqual([moved[0].pack_id, moved[0].pack_id]);
      expect(moved[0].pack_id).not.toBe(rows[0].pack_id);
      expect(await packIndexed(rows[0].pack_id)).toBe(false);
      const { rows: size } = await db.query<{ size: string }>('select size from backup_blob_packs where id = $1', [moved[0].pack_id]);
      expect(Number(size[0].size)).toBe(Number(moved[0].stored_size) + Number(moved[1].stored_size));
      expect((await keys()).length).toBe(before + 1);
      expect((await blobs.get(tenantId, kept[0])).equals(contents[3])).toBe(true);
      expect((await blobs.get(tenantId, kept[1])).equals(contents[17])).toBe(true);

      // Their last references gone and the blobs collected: the pack goes, object and row.
      await db.query('delete from backup_item_versions where blob_hash = any($1)', [kept]);
      expect(await blobs.collectGarbage(tenantId)).toBe(2);
      expect(await packIndexed(moved[0].pack_id)).toBe(false);
      expect((await keys()).length).toBe(before);
    });

    (database === 'PostgreSQL' ? it : it.skip)('stores the same new contents from writers that list them in opposite orders, without a deadlock', async () => {
      for (let round = 0; round < 10; round += 1) {
        const contents = Array.from({ length: 200 }, (_, i) => unique(`both ways ${round} ${i}`));
        const [forward, backward] = await Promise.all([blobs.putMany(tenantId, contents), blobs.putMany(tenantId, [...contents].reverse())]);
        expect(backward.map((result) => result.hash).reverse()).toEqual(forward.map((result) => result.hash));
      }
    });

    it('looks each blob whose lease has run out up by its hash, whatever the planner estimates, rather than joining blobs and versions', async () => {
      const own = await newTenant();
      const { rows: where } = await db.query<{ set_id: string; object_id: string }>(
        'select s.id as set_id, o.id as object_id from backup_sets s join backup_objects o on o.set_id = s.id where s.tenant_id = $1',
        [own.id],
      );
      // Blobs analyzed while their leases were fresh (blob-store.ts), every one referenced, then a day on.
      const blobCount = 2_000;
      await db.query(`insert into backup_blobs (tenant_id, hash, size, stored_size) select $1::uuid, md5(g::text || $1::text), 1, 1 from generate_series(1, $2::int) g`, [own.id, blobCount]);
      await db.exec('analyze backup_blobs');
      await db.query(
        `insert into backup_item_versions (set_id, object_id, service, kind, external_id, container_id, folder_path, name, size_bytes, content_type, blob_hash, valid_from_run, search)
         select $1, $2, 'mail', 'message', b.hash, 'inbox', 'Inbox', 'Message', 1, 'message/rfc822', b.hash, 1, to_tsvector('simple', 'message') from backup_blobs b where b.tenant_id = $3`,
        [where[0].set_id, where[0].object_id, own.id],
      );
      await db.query('update backup_blobs set touched_at = now() - make_interval(secs => $2) where tenant_id = $1', [own.id, GRACE_SECONDS * 2]);
      const plan = await analyzedPlan(db, UNREFERENCED_BLOBS, [own.id, GRACE_SECONDS, 1000]);
      // A join is the planner's choice, and with PGlite's estimates (no statistics on the versions) it
      // compared every blob with every version of the tenant: 13-58 s for the demo tenant's 19,000.
      expect(joins(plan, 'backup_blobs', 'backup_item_versions')).toBe(false);
      expect(rowsProduced(plan)).toBeLessThan(10 * blobCount);
      // A run's collection, given the two blobs its retention freed, reads those two rows, not every
      // blob whose lease has run out.
      const { rows: two } = await db.query<{ hash: string }>('select hash from backup_blobs where tenant_id = $1 limit 2', [own.id]);
      const among = await analyzedPlan(db, UNREFERENCED_AMONG, [own.id, GRACE_SECONDS, 1000, two.map((row) => row.hash)]);
      expect(rowsRead(among, 'backup_blobs')).toBeLessThanOrEqual(2);
      await db.query('delete from backup_item_versions where set_id = $1', [where[0].set_id]);
      await db.query('delete from backup_blobs where tenant_id = $1', [own.id]);
    });

    it('compacts in a collection only the packs it took rows from, and every sparse pack in the scheduler\'s pass', async () => {
      const own = await newTenant();
      const contents = Array.from({ length: 4 }, (_, i) => unique(`left sparse ${i}`));
      const stored = await blobs.putMany(own.id, contents);
      const packOf = async (hash: string) => (await db.query<{ pack_id: string }>('select pack_id from backup_blobs where hash = $1', [hash])).rows[0].pack_id;
      const sparse = await packOf(stored[0].hash);
      // Three of its four rows gone in an earlier collection whose compaction did not happen (its store was down).
      await db.query('delete from backup_blobs where hash = any($1)', [stored.slice(1).map((result) => result.hash)]);
      // A collection that takes nothing from it does not sum the tenant's blobs to find it.
      expect(await blobs.collectGarbage(own.id)).toBe(0);
      expect(await packOf(stored[0].hash)).toBe(sparse);
      await blobs.tidyPacks(own.id);
      expect(await packIndexed(sparse)).toBe(false);
      expect(await packOf(stored[0].hash)).not.toBe(sparse);
      expect((await blobs.get(own.id, stored[0].hash)).equals(contents[0])).toBe(true);
    });

    it("merges a tenant's small packs into one once enough wait, every blob still read back, and leaves fewer alone", async () => {
      const own = await newTenant();
      const rounds = async (count: number, label: string) => {
        const stored: Array<{ hash: string; content: Buffer }> = [];
        for (let i = 0; i < count; i += 1) {
          const contents = [unique(`${label} ${i} a`), unique(`${label} ${i} b`)];
          (await blobs.putMany(own.id, contents)).forEach((result, j) => stored.push({ hash: result.hash, content: contents[j] }));
        }
        for (const { hash } of stored) await own.reference(hash);
        return stored;
      };
      // Fewer small packs than MERGE_LEAST: each stays.
      const few = await rounds(MERGE_LEAST - 1, 'few');
      expect(await blobs.tidyPacks(own.id)).toEqual({ merged: 0, orphans: 0 });
      expect(await keysOf(own.id)).toHaveLength(MERGE_LEAST - 1);
      // One more round: the MERGE_LEAST small packs become one, holding all 2 x MERGE_LEAST blobs; a
      // backup's own collection leaves them to the scheduler's tidying.
      const all = [...few, ...(await rounds(1, 'one more'))];
      await blobs.collectGarbage(own.id);
      expect(await keysOf(own.id)).toHaveLength(MERGE_LEAST);
      expect(await blobs.tidyPacks(own.id)).toEqual({ merged: MERGE_LEAST, orphans: 0 });
      expect(await keysOf(own.id)).toHaveLength(1);
      const { rows } = await db.query<{ packs: number }>('select count(distinct pack_id)::int as packs from backup_blobs where tenant_id = $1', [own.id]);
      expect(rows[0].packs).toBe(1);
      for (const { hash, content } of all) expect((await blobs.get(own.id, hash)).equals(content)).toBe(true);
    });

    // PGlite has no autovacuum, and PostgreSQL's comes a minute or more late: without the store's own
    // analysis the planner's picture of the table (and the generic plans of statements prepared from it)
    // stays that of an empty one while a first backup fills it.
    it('analyzes backup_blobs once it has grown by 50 rows and a tenth', async () => {
      const statistics = async () =>
        (await db.query<{ estimated: number; actual: number }>(`select reltuples::float8 as estimated, (select count(*)::float8 from backup_blobs) as actual from pg_class where oid = 'backup_blobs'::regclass`)).rows[0];
      const fresh = withObjects({});
      await fresh.putMany(tenantId, Array.from({ length: 49 }, (_, i) => unique(`grown ${i}`)));
      const before = await statistics();
      expect(before.estimated).not.toBe(before.actual);
      await fresh.putMany(tenantId, [unique('grown 50')]);
      const after = await statistics();
      expect(after.estimated).toBe(after.actual);
    });

    it('leaves a pack lost from the store to its blobs\' reads, and still compacts the others', async () => {
      const lost = await blobs.putMany(tenantId, Array.from({ length: 4 }, (_, i) => unique(`lost ${i}`)));
      const kept = await blobs.putMany(tenantId, Array.from({ length: 4 }, (_, i) => unique(`kept ${i}`)));
      const packOf = async (hash: string) => (await db.query<{ pack_id: string }>('select pack_id from backup_blobs where hash = $1', [hash])).rows[0].pack_id;
      const [lostPack, keptPack] = [await packOf(lost[0].hash), await packOf(kept[0].hash)];
      await objects.delete(`packs/${tenantId}/${lostPack}`);
      for (const result of [lost[0], kept[0]]) await referenceBlob(result.hash);
      for (const result of [...lost, ...kept]) await ageLease(result.hash);
      expect(await blobs.collectGarbage(tenantId)).toBe(6);
      expect(await packOf(lost[0].hash)).toBe(lostPack);
      await expect(blobs.get(tenantId, lost[0].hash)).rejects.toThrow('missing from the store');
      expect(await packOf(kept[0].hash)).not.toBe(keptPack);
      await db.query('delete from backup_item_versions where blob_hash = any($1)', [[lost[0].hash, kept[0].hash]]);
      for (const result of [lost[0], kept[0]]) await ageLease(result.hash);
      await blobs.collectGarbage(tenantId);
    });

    it('sweeps a pack object no row names once it is older than the grace window, and nothing else', async () => {
      const tenantId = (await newTenant()).id;
      const keys = () => keysOf(tenantId);
      const contents = [unique('beside orphans 1'), unique('beside orphans 2')];
      const stored = await blobs.putMany(tenantId, contents);
      const { rows } = await db.query<{ pack_id: string }>('select pack_id from backup_blobs where hash = $1', [stored[0].hash]);
      const long = Date.now() - GRACE_SECONDS * 2000;
      const orphan = newPackId(long);
      // A writer's pack a moment before its rows, a pack named before ids told their age, and an old pack its row names.
      const [recent, legacy, named] = [newPackId(), crypto.randomBytes(16).toString('hex'), newPackId(long)];
      await db.query('insert into backup_blob_packs (tenant_id, id, size) values ($1, $2, 6)', [tenantId, named]);
      // A blob row fills it, so tidyPacks' compaction leaves it alone too.
      await db.query(`insert into backup_blobs (tenant_id, hash, size, stored_size, pack_id, pack_offset) values ($1, 'named-pack-blob', 6, 6, $2, 0)`, [tenantId, named]);
      for (const id of [orphan, recent, legacy, named]) await objects.put(`packs/${tenantId}/${id}`, Buffer.from('sealed'));
      expect((await blobs.tidyPacks(tenantId)).orphans).toBe(1);
      const left = await keys();
      expect(left).not.toContain(`packs/${tenantId}/${orphan}`);
      expect(left).toEqual(expect.arrayContaining([rows[0].pack_id, recent, legacy, named].map((id) => `packs/${tenantId}/${id}`)));
      expect((await blobs.get(tenantId, stored[1].hash)).equals(contents[1])).toBe(true);
      for (const id of [recent, legacy, named]) await objects.delete(`packs/${tenantId}/${id}`);
      await db.query('delete from backup_blobs where pack_id = $1', [named]);
      await db.query('delete from backup_blob_packs where id = $1', [named]);
    });

    it("deletes every object of a tenant that is going, packs and blobs stored alone, and no other tenant's", async () => {
      const [going, staying] = [await newTenant(), await newTenant()];
      // Random bytes do not compress: sealed, this one stays at least ALONE_BYTES and is stored alone.
      const large = crypto.randomBytes(ALONE_BYTES + 1);
      await blobs.putMany(going.id, [unique('going 1'), unique('going 2'), large]);
      await blobs.putMany(going.id, [unique('going 3')]);
      const kept = await blobs.putMany(staying.id, [unique('staying')]);
      expect((await keysOf(going.id)).length).toBe(3);
      expect(await blobs.purgeTenant(going.id)).toBe(3);
      expect(await keysOf(going.id)).toEqual([]);
      expect(await keysOf(staying.id)).toHaveLength(1);
      expect(await blobs.has(staying.id, kept[0].hash)).toBe(true);
    });

    it('reads a blob whose pack a collector compacts between its row read and its object read', async () => {
      const contents = Array.from({ length: 4 }, (_, i) => unique(`moving ${i}`));
      const results = await blobs.putMany(tenantId, contents);
      await referenceBlob(results[0].hash);
      for (const result of results) await ageLease(result.hash);
      let compacted: Promise<number> | null = null;
      const reader = withObjects({
        async getRange(key, offset, length) {
          // The first read has the old place; the collector moves the blob and deletes the old pack first.
          if (!compacted) await (compacted = blobs.collectGarbage(tenantId));
          return objects.getRange(key, offset, length);
        },
      });
      expect((await reader.get(tenantId, results[0].hash)).equals(contents[0])).toBe(true);
      expect(await compacted).toBe(3);
      await db.query('delete from backup_item_versions where blob_hash = $1', [results[0].hash]);
      await ageLease(results[0].hash);
      await blobs.collectGarbage(tenantId);
    });
  });
});
