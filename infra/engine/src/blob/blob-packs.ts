import crypto from 'node:crypto';
import type { EngineDb } from '../ports';

// Why packs: a full backup of the demo tenant stores about 19,000 sealed blobs of about 5 KB. As one
// file each (a temporary file, a rename, a data flush and the folder's flush) the local disk cost about
// 270 µs of kernel time per blob on the 2-core machine, a quarter of the engine's CPU; one file per
// round of a backup page costs a few µs per blob. On S3 a PUT per blob is a request per blob too. So the
// blobs one put round stores are concatenated into packs, and each blob's row in backup_blobs says in
// which pack and where (migration 290_blob_packs.sql); a blob is read back with a range read.

/** A sealed blob this large is stored alone: it would fill a pack on its own, and a range read of it saves nothing. */
export const ALONE_BYTES = 1024 * 1024;

/** A pack holds at most this many bytes (one write and one read buffer at most this large). */
export const PACK_BYTES = 8 * 1024 * 1024;

export interface Pack {
  id: string;
  /** The sealed blobs in order: each starts where the previous one ends. */
  parts: Buffer[];
  size: number;
}

export interface PackPlan {
  packs: Pack[];
  /** Per sealed blob: its pack and offset, or null when it is stored alone. */
  placement: Array<{ pack: string; offset: number } | null>;
}

/** Groups sealed blobs into packs of at most PACK_BYTES, in order; blobs of ALONE_BYTES or more stay alone. */
export function planPacks(sealed: Buffer[], newId: () => string): PackPlan {
  const packs: Pack[] = [];
  let open: Pack | null = null;
  const placement = sealed.map((blob) => {
    if (blob.length >= ALONE_BYTES) return null;
    if (!open || open.size + blob.length > PACK_BYTES) {
      open = { id: newId(), parts: [], size: 0 };
      packs.push(open);
    }
    const offset: number = open.size;
    open.parts.push(blob);
    open.size += blob.length;
    return { pack: open.id, offset };
  });
  return { packs, placement };
}

/**
 * A new pack's id: when it was made (milliseconds, base 36) and a random part. A pack object no row names
 * is an orphan only once it is older than any write takes, and its name tells its age on every store.
 */
export function newPackId(now = Date.now()): string {
  return `${now.toString(36)}-${crypto.randomBytes(12).toString('hex')}`;
}

/** When a pack named by newPackId was made (ms); null for an id of another form (packs made before ids carried it). */
export function packMadeAt(id: string): number | null {
  const match = /^([0-9a-z]{1,11})-[0-9a-f]{24}$/.exec(id);
  return match ? parseInt(match[1], 36) : null;
}

/** Pack objects looked up against their rows at once. */
const SWEEP_CHUNK = 500;

/**
 * Deletes the pack objects listed in `ids` that no row names and that were made more than `graceSeconds`
 * before `now`: a writer that stopped between writing a pack and inserting its rows (one statement)
 * leaves one under a name no row will ever take. A pack's rows follow its object within moments (a
 * compaction's, within its transaction), far inside the grace window. Packs whose ids tell no age
 * (made before ids carried it) are left alone. Returns how many were deleted.
 */
export async function sweepOrphanPacks(db: EngineDb, tenantId: string, ids: AsyncIterable<string>, deleteObject: (id: string) => Promise<void>, graceSeconds: number, now = Date.now()): Promise<number> {
  const old: string[] = [];
  for await (const id of ids) {
    const madeAt = packMadeAt(id);
    if (madeAt !== null && madeAt < now - graceSeconds * 1000) old.push(id);
  }
  let deleted = 0;
  for (let start = 0; start < old.length; start += SWEEP_CHUNK) {
    const chunk = old.slice(start, start + SWEEP_CHUNK);
    const { rows } = await db.query<{ id: string }>('select id from backup_blob_packs where tenant_id = $1 and id = any($2::text[])', [tenantId, chunk]);
    const named = new Set(rows.map((row) => row.id));
    for (const id of chunk.filter((candidate) => !named.has(candidate))) {
      await deleteObject(id);
      deleted += 1;
    }
  }
  return deleted;
}

/** A pack whose named blobs fill less than this share of it is rewritten with only them (or deleted, when none are left). */
export const COMPACT_BELOW = 0.5;

/** The packs' objects, by pack id. */
export interface PackObjects {
  read(id: string): Promise<Buffer | null>;
  /** Writes a new pack and puts it on the disk (flush) before it resolves. */
  write(id: string, body: Buffer): Promise<void>;
  delete(id: string): Promise<void>;
}

/**
 * A pack smaller than this is small: an incremental run's rounds store a few contents each (the demo
 * tenant's leave about 80 packs under 16 KB a run), as do a full backup's rounds of contacts and events.
 * Larger ones are left as they are: merging them would rewrite most of what a full backup just wrote.
 */
export const SMALL_PACK_BYTES = 64 * 1024;

/** Small packs are merged once at least this many wait, and at most MERGE_MOST (and PACK_BYTES) into one. */
export const MERGE_LEAST = 16;
const MERGE_MOST = 64;

/**
 * Frees the space of collected blobs: a pack no blob row names any more is deleted, and one whose named
 * blobs fill less than COMPACT_BELOW of it is rewritten as a new pack of just them, its rows moved to
 * it, and then deleted. `only`: just these packs (those a collection just took rows from), else every
 * pack of the tenant, which sums every blob row the tenant has (the scheduler's pass, tidyPacks).
 * Returns how many packs were deleted.
 */
export async function collectPacks(db: EngineDb, tenantId: string, objects: PackObjects, newId: () => string, only?: Iterable<string>): Promise<number> {
  const ids = only ? [...only] : null;
  if (ids && !ids.length) return 0;
  const { rows: sparse } = await db.query<{ id: string }>(
    `select p.id from backup_blob_packs p
      where p.tenant_id = $1 and ($3::text[] is null or p.id = any($3::text[]))
        and (select coalesce(sum(b.stored_size), 0) from backup_blobs b where b.pack_id = p.id) < p.size * $2::float8`,
    [tenantId, COMPACT_BELOW, ids],
  );
  let deleted = 0;
  for (const { id } of sparse) deleted += await rewritePacks(db, tenantId, objects, newId, [id]);
  return deleted;
}

/**
 * Merges a tenant's small packs (each under SMALL_PACK_BYTES) into full ones, oldest first, once
 * MERGE_LEAST of them wait, at most MERGE_MOST * 8 in a pass: else a year of daily incrementals would
 * leave tens of thousands of tiny objects, the cost packs exist to avoid. The scheduler does it now
 * and then, off the backups' path (an incremental run leaves about 80). Returns how many packs went.
 */
export async function mergeSmallPacks(db: EngineDb, tenantId: string, objects: PackObjects, newId: () => string): Promise<number> {
  const { rows: small } = await db.query<{ id: string; size: string }>(
    'select id, size from backup_blob_packs where tenant_id = $1 and size < $2 order by id limit $3',
    [tenantId, SMALL_PACK_BYTES, MERGE_MOST * 8],
  );
  let deleted = 0;
  for (const group of mergeGroups(small.map((row) => ({ id: row.id, size: Number(row.size) })))) deleted += await rewritePacks(db, tenantId, objects, newId, group);
  return deleted;
}

/** Small packs in order, in groups of MERGE_LEAST to MERGE_MOST packs of at most PACK_BYTES in all (a group is one transaction). */
export function mergeGroups(small: Array<{ id: string; size: number }>): string[][] {
  const groups: string[][] = [];
  let group: string[] = [];
  let bytes = 0;
  for (const pack of small) {
    if (group.length === MERGE_MOST || bytes + pack.size > PACK_BYTES) {
      groups.push(group);
      group = [];
      bytes = 0;
    }
    group.push(pack.id);
    bytes += pack.size;
  }
  groups.push(group);
  return groups.filter((ids) => ids.length >= MERGE_LEAST);
}

/**
 * Rewrites the blobs these packs' rows name into new packs, moves the rows to them, and deletes the old
 * packs, in one transaction that holds the packs' rows (a concurrent collector skips them) and their
 * blobs' rows (a put renewing one waits); the object deleted before its row (one that fails to delete
 * keeps its row and stops the pass). Nothing can start to name a pack that is looked at here: a pack's
 * row and its blobs' rows are inserted by one statement, and later blobs go to new packs. A reader that
 * found a blob at its old place before the move reads the row again (blob-store.ts). A pack lost from
 * the store is left to its blobs' reads, which say so: a collection that threw here would fail every
 * later backup of the tenant. Returns how many packs were deleted.
 */
async function rewritePacks(db: EngineDb, tenantId: string, objects: PackObjects, newId: () => string, ids: string[]): Promise<number> {
  return db.transaction(async (tx) => {
    const { rows: held } = await tx.query<{ id: string }>('select id from backup_blob_packs where id = any($1::text[]) and tenant_id = $2 order by id for update skip locked', [ids, tenantId]);
    const { rows } = await tx.query<{ hash: string; pack_id: string; pack_offset: string; stored_size: string }>(
      'select hash, pack_id, pack_offset, stored_size from backup_blobs where pack_id = any($1::text[]) order by pack_id, pack_offset for update',
      [held.map((pack) => pack.id)],
    );
    const bodies = new Map<string, Buffer>();
    for (const id of new Set(rows.map((row) => row.pack_id))) {
      const body = await objects.read(id);
      if (body) bodies.set(id, body);
    }
    const gone = held.map((pack) => pack.id).filter((id) => bodies.has(id) || !rows.some((row) => row.pack_id === id));
    const moved = rows.filter((row) => bodies.has(row.pack_id));
    if (moved.length) {
      const parts = moved.map((row) => bodies.get(row.pack_id)!.subarray(Number(row.pack_offset), Number(row.pack_offset) + Number(row.stored_size)));
      const { packs, placement } = planPacks(parts, newId);
      for (const pack of packs) await objects.write(pack.id, Buffer.concat(pack.parts, pack.size));
      await tx.query('insert into backup_blob_packs (id, tenant_id, size) select p.id, $1, p.size from unnest($2::text[], $3::bigint[]) as p(id, size)', [
        tenantId,
        packs.map((pack) => pack.id),
        packs.map((pack) => pack.size),
      ]);
      await tx.query('update backup_blobs b set pack_id = x.pack, pack_offset = x.at from unnest($2::text[], $3::text[], $4::bigint[]) as x(hash, pack, at) where b.tenant_id = $1 and b.hash = x.hash', [
        tenantId,
        moved.map((row) => row.hash),
        placement.map((place) => place!.pack),
        placement.map((place) => place!.offset),
      ]);
    }
    for (const id of gone) {
      await objects.delete(id);
      await tx.query('delete from backup_blob_packs where id = $1', [id]);
    }
    return gone.length;
  });
}
