import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { blobObjectName, decryptBlob, encryptBlob, unwrapDataKey } from '../crypto/keys';
import type { BlobStore, EngineDb, ObjectStore, PutResult } from '../ports';
import { runPool } from '../jobs/job-context';
import { collectUnreferenced, DEFAULT_BLOB_GRACE_SECONDS, touchBlobs } from './blob-leases';
import { compressAll } from './compress-worker';
import { collectPacks, mergeSmallPacks, newPackId, planPacks, sweepOrphanPacks, type PackObjects } from './blob-packs';

const unbrotli = promisify(zlib.brotliDecompress);

export interface BlobStoreOptions {
  db: EngineDb;
  objects: ObjectStore;
  masterSecret: string;
  /**
   * How long a blob stays safe from garbage collection after a put stored or found it, even while no
   * item version references it yet (blob-leases.ts). Default 24 hours.
   */
  graceSeconds?: number;
}

/** Objects (packs, blobs stored alone) one putMany writes, or a purge deletes, at once. */
const WRITE_CONCURRENCY = 8;

/** Attempts of put's store path when a collector removes the index row it just met (blob-leases.ts). */
const PUT_ATTEMPTS = 3;

/**
 * The content-addressed store: SHA-256 of the plaintext is the address, the backup_blobs table is
 * the index (one row per tenant and hash, so the same attachment in a hundred mailboxes or snapshots
 * is stored once), and the object store holds brotli-compressed, AES-256-GCM sealed bytes.
 */
export function createBlobStore({ db, objects, masterSecret, graceSeconds = DEFAULT_BLOB_GRACE_SECONDS }: BlobStoreOptions): BlobStore {
  const keys = new Map<string, Buffer>();
  async function dataKey(tenantId: string): Promise<Buffer> {
    const cached = keys.get(tenantId);
    if (cached) return cached;
    const { rows } = await db.query<{ data_key_wrapped: string }>('select data_key_wrapped from backup_tenants where id = $1', [tenantId]);
    if (!rows[0]) throw new Error(`Unknown backup tenant ${tenantId}`);
    const key = unwrapDataKey(masterSecret, tenantId, rows[0].data_key_wrapped);
    keys.set(tenantId, key);
    return key;
  }
  // A tenant's objects: its blobs stored alone, and its packs.
  const blobsFolder = (tenantId: string) => `blobs/${tenantId}`;
  const objectKey = (tenantId: string, key: Buffer, hash: string) => `${blobsFolder(tenantId)}/${blobObjectName(key, hash)}`;
  // Random names: a pack's name says nothing of the blobs in it.
  const packKey = (tenantId: string, id: string) => `packs/${tenantId}/${id}`;
  const packObjects = (tenantId: string): PackObjects => ({
    read: (id) => objects.get(packKey(tenantId, id)),
    async write(id, body) {
      await objects.put(packKey(tenantId, id), body);
      await objects.flush?.([packKey(tenantId, id)]);
    },
    delete: (id) => objects.delete(packKey(tenantId, id)),
  });

  /** A blob's sealed bytes: its range of its pack, or its own object; null when the store has neither. */
  async function readSealed(tenantId: string, key: Buffer, hash: string): Promise<Buffer | null> {
    const { rows } = await db.query<{ pack_id: string | null; pack_offset: string | null; stored_size: string }>(
      'select pack_id, pack_offset, stored_size from backup_blobs where tenant_id = $1 and hash = $2',
      [tenantId, hash],
    );
    const packed = rows[0]?.pack_id ? rows[0] : null;
    if (!packed) return objects.get(objectKey(tenantId, key, hash));
    return objects.getRange(packKey(tenantId, packed.pack_id!), Number(packed.pack_offset), Number(packed.stored_size));
  }

  /**
   * Stores many contents with one index read and one index write per round (a backup page at a time):
   * contents already stored only renew their lease; the others are sealed in parallel and written in
   * packs (blob-packs.ts; a large one alone), objects first (put, then flush: on the disk) and index
   * rows second, so an index row always points at a complete object. A row that another writer
   * inserted first (same content) is checked again in the next round: it may be an old one a collector
   * is deleting right now, and then the content is stored again.
   */
  async function putMany(tenantId: string, contents: Buffer[]): Promise<PutResult[]> {
    const hashes = contents.map((content) => crypto.createHash('sha256').update(content).digest('hex'));
    const contentOf = new Map<string, Buffer>();
    hashes.forEach((hash, i) => contentOf.has(hash) || contentOf.set(hash, contents[i]));
    const storedSize = new Map<string, number>();
    // In one order for every writer: two statements inserting the same new contents in opposite orders
    // each wait for the other's uncommitted row, and PostgreSQL ends one as a deadlock (it failed an
    // object of a full backup of the demo tenant in one of twelve runs on PostgreSQL).
    let pending = [...contentOf.keys()].sort();
    for (let round = 1; pending.length; round += 1) {
      // A hit renews the blob's lease, so a collector cannot delete it before the caller's item version
      // references it. (Asking before writing matters: a collector deleting the same content holds its
      // row, and the renewal waits for it; a write first could land just before the collector's delete.)
      const present = await touchBlobs(db, tenantId, pending, graceSeconds);
      const missing = pending.filter((hash) => !present.has(hash));
      if (!missing.length) break;
      if (round > PUT_ATTEMPTS) throw new Error(`Blob ${missing[0]} could not be stored: its index row kept disappearing`);
      const key = await dataKey(tenantId);
      const compressed = await compressAll(missing.map((hash) => contentOf.get(hash)!));
      const sealed = missing.map((hash, i) => encryptBlob(key, hash, compressed[i]));
      const { packs, placement } = planPacks(sealed, newPackId);
      const writes = [
        ...packs.map((pack) => ({ key: packKey(tenantId, pack.id), body: Buffer.concat(pack.parts, pack.size) })),
        ...missing.flatMap((hash, i) => (placement[i] ? [] : [{ key: objectKey(tenantId, key, hash), body: sealed[i] }])),
      ];
      await runPool(writes.values(), WRITE_CONCURRENCY, (write) => objects.put(write.key, write.body));
      // Durable before the index says so: content the index holds is never written again.
      await objects.flush?.(writes.map((write) => write.key));
      // The packs' rows and their blobs' in one statement, so a collector never sees a new pack without
      // its blobs (blob-packs.ts). Never "do update": the row of a concurrent writer (same content, its own
      // object) stays as it is, and a pack none of whose rows went in is collected.
      const inserted = await db.query<{ hash: string }>(
        `with packs as (insert into backup_blob_packs (tenant_id, id, size) select $1, p.id, p.size from unnest($5::text[], $6::bigint[]) as p(id, size))
         insert into backup_blobs (tenant_id, hash, size, stored_size, pack_id, pack_offset)
         select $1, x.hash, x.size, x.stored, x.pack, x.at from unnest($2::text[], $3::bigint[], $4::bigint[], $7::text[], $8::bigint[]) as x(hash, size, stored, pack, at)
         on conflict do nothing returning hash`,
        [
          tenantId,
          missing,
          missing.map((hash) => contentOf.get(hash)!.length),
          sealed.map((blob) => blob.length),
          packs.map((pack) => pack.id),
          packs.map((pack) => pack.size),
          placement.map((place) => place?.pack ?? null),
          placement.map((place) => place?.offset ?? null),
        ],
      );
      await analyzeWhenGrown(inserted.rows.length);
      const insertedHashes = new Set(inserted.rows.map((row) => row.hash));
      missing.forEach((hash, i) => insertedHashes.has(hash) && storedSize.set(hash, sealed[i].length));
      // Not inserted: stored before (a duplicate, or a concurrent writer of the same content); the next
      // round renews its lease, or stores it again if a collector is deleting it right now.
      pending = missing.filter((hash) => !insertedHashes.has(hash));
    }
    const reported = new Set<string>();
    return hashes.map((hash, i) => {
      const size = contents[i].length;
      const stored = storedSize.get(hash);
      // The first occurrence of content this call stored counts its bytes; repeats are deduplicated.
      const first = !reported.has(hash);
      reported.add(hash);
      return first && stored !== undefined ? { hash, size, storedSize: stored, deduplicated: false } : { hash, size, storedSize: 0, deduplicated: true };
    });
  }

  // PGlite has no autovacuum, so nothing else gathers backup_blobs' statistics, and as the table grows
  // from empty the planner's guesses drift: it came to read every row of the tenant through the lease
  // index for a lease lookup of 40 hashes (5-10 ms a call, about half of an incremental backup's time in
  // pnpm bench:backup). PostgreSQL's autovacuum analyzes a table a minute or more after it grew, while a
  // first backup fills this one from empty in seconds, and a lease lookup prepared meanwhile keeps the
  // generic plan it got from the small table's statistics (pg-prepared.ts; 14 ms a call instead of 4 in
  // a full backup of the demo tenant). So the store analyzes the table as autovacuum would, once 50 +
  // 10% of the rows it held at the last analysis have been added; an analysis invalidates the plans of
  // prepared statements. A table that a vacuum holds is left to it (skip_locked).
  let insertedSinceAnalyze = 0;
  let rowsAtAnalyze = 0;
  async function analyzeWhenGrown(inserted: number): Promise<void> {
    insertedSinceAnalyze += inserted;
    if (insertedSinceAnalyze < 50 + rowsAtAnalyze / 10) return;
    insertedSinceAnalyze = 0;
    await db.exec('analyze (skip_locked) backup_blobs');
    const { rows } = await db.query<{ n: number }>(`select reltuples::float8 as n from pg_class where oid = 'backup_blobs'::regclass`);
    rowsAtAnalyze = Math.max(0, Number(rows[0]?.n ?? 0));
  }

  // Single puts made while others are in flight (a pool of downloads) go to the database together:
  // those queued in the same turn of the event loop share one putMany per tenant.
  let queued: Array<{ tenantId: string; content: Buffer; resolve: (result: PutResult) => void; reject: (error: unknown) => void }> = [];
  function flushQueued(): void {
    const batch = queued;
    queued = [];
    for (const tenantId of new Set(batch.map((entry) => entry.tenantId))) {
      const entries = batch.filter((entry) => entry.tenantId === tenantId);
      putMany(tenantId, entries.map((entry) => entry.content)).then(
        (results) => entries.forEach((entry, i) => entry.resolve(results[i])),
        (error: unknown) => entries.forEach((entry) => entry.reject(error)),
      );
    }
  }

  return {
    put: (tenantId, content) =>
      new Promise<PutResult>((resolve, reject) => {
        if (queued.length === 0) setImmediate(flushQueued);
        queued.push({ tenantId, content, resolve, reject });
      }),
    putMany,
    async get(tenantId, hash) {
      const key = await dataKey(tenantId);
      // A second look finds a blob whose pack a collector compacted between the row read and the object read.
      const sealed = (await readSealed(tenantId, key, hash)) ?? (await readSealed(tenantId, key, hash));
      if (!sealed) throw new Error(`Blob ${hash} is missing from the store`);
      const plain = await unbrotli(decryptBlob(key, hash, sealed));
      // The address is the checksum: a damaged or substituted object is detected here.
      const actual = crypto.createHash('sha256').update(plain).digest('hex');
      if (actual !== hash) throw new Error(`Blob ${hash} failed its checksum`);
      return plain;
    },
    async has(tenantId, hash) {
      const { rows } = await db.query('select 1 from backup_blobs where tenant_id = $1 and hash = $2', [tenantId, hash]);
      return rows.length > 0;
    },
    async collectGarbage(tenantId, among) {
      const key = await dataKey(tenantId);
      const collected = await collectUnreferenced(db, tenantId, graceSeconds, (hash) => objects.delete(objectKey(tenantId, key, hash)), among);
      // Only the packs that lost rows now: every backup run ends here, and looking at every pack summed
      // every blob row of the tenant (tidyPacks does, now and then).
      await collectPacks(db, tenantId, packObjects(tenantId), newPackId, collected.packs);
      return collected.deleted;
    },
    async purgeTenant(tenantId) {
      if (!objects.list) return 0;
      let deleted = 0;
      for (const folder of [packKey(tenantId, ''), blobsFolder(tenantId)]) {
        const keys: string[] = [];
        for await (const key of objects.list(folder)) keys.push(key);
        await runPool(keys.values(), WRITE_CONCURRENCY, (key) => objects.delete(key));
        deleted += keys.length;
      }
      return deleted;
    },
    async tidyPacks(tenantId) {
      // Packs a collection left sparse without compacting them (their store was down), and packs none of
      // whose rows went in (a concurrent writer indexed the same content first).
      await collectPacks(db, tenantId, packObjects(tenantId), newPackId);
      const merged = await mergeSmallPacks(db, tenantId, packObjects(tenantId), newPackId);
      if (!objects.list) return { merged, orphans: 0 };
      const prefix = packKey(tenantId, '');
      const ids = (async function* () {
        for await (const key of objects.list!(prefix)) yield key.slice(prefix.length);
      })();
      return { merged, orphans: await sweepOrphanPacks(db, tenantId, ids, (id) => objects.delete(packKey(tenantId, id)), graceSeconds) };
    },
  };
}
