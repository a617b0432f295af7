import type { EngineDb, EngineQueryable } from '../ports';

// Why blobs carry a lease (backup_blobs.touched_at):
// a backup stores an item's content first (BlobStore.put) and writes the item version that references
// it later, after a batch of up to a few hundred items. When put finds the content already stored it
// returns "deduplicated" at once; if that blob was unreferenced at that moment (retention just removed
// its last version, or an earlier run stored it and stopped), a collector finishing another job could
// delete the row and the object in between, and the new version would point at nothing. So every put,
// stored or deduplicated, leaves the row touched, and a collector deletes only blobs that nothing
// references AND nobody touched within the grace window, which is far longer than any put-to-version
// gap of a live job. A job that stops (shutdown, takeover) and resumes later puts its content again,
// which renews the lease or stores the blob anew.

/** Default grace window: a day, so garbage lingers at most a day longer and no backup batch comes close. */
export const DEFAULT_BLOB_GRACE_SECONDS = 24 * 60 * 60;

/**
 * A dedup hit renews the lease only when it is older than this share of the window: the common case
 * (the same attachment many times in a run) stays a read, and a put still leaves at least 23/24 of the
 * window before a collector may look at the blob.
 */
const RENEW_AFTER_SHARE = 1 / 24;

/** Rows a collector locks per transaction: on PGlite the transaction holds the whole database. */
const COLLECT_BATCH = 200;

/**
 * Renews the leases of stored blobs and returns the hashes the tenant has; a missing one was never
 * stored or a collector has just deleted it, and the caller stores it (again). On PostgreSQL the update
 * waits for a collector that holds a row, so it never renews a row whose object is being deleted.
 */
export async function touchBlobs(db: EngineQueryable, tenantId: string, hashes: string[], graceSeconds: number): Promise<Set<string>> {
  if (!hashes.length) return new Set();
  const { rows } = await db.query<{ hash: string; fresh: boolean }>(
    'select hash, touched_at > now() - make_interval(secs => $3) as fresh from backup_blobs where tenant_id = $1 and hash = any($2::text[])',
    [tenantId, hashes, graceSeconds * RENEW_AFTER_SHARE],
  );
  const present = new Set(rows.filter((r) => r.fresh).map((r) => r.hash));
  const stale = rows.filter((r) => !r.fresh).map((r) => r.hash);
  if (stale.length) {
    const renewed = await db.query<{ hash: string }>('update backup_blobs set touched_at = now() where tenant_id = $1 and hash = any($2::text[]) returning hash', [tenantId, stale]);
    for (const row of renewed.rows) present.add(row.hash);
  }
  return present;
}

/**
 * Up to $3 of tenant $1's blobs whose lease ran out $2 seconds ago and that no version of the tenant
 * references, held for the collector. Each blob is looked up by its hash in the versions
 * (backup_item_blob_idx), a subplan per blob: the offset keeps the planner from making it a join, and
 * the tenant is checked on the version found rather than through an index. Left to choose, PGlite's
 * planner (no statistics on the versions) read every version of the tenant once per blob, or a bitmap
 * of the set's index per blob: once the demo tenant's 19,000 leases had run out, a collection took
 * 13-58 s (80-112 ms this way; on PostgreSQL 125-145 ms before, 98-126 ms now).
 */
const unreferencedBlobs = (leaseRunOut: string, among = '') => `
  select b.hash, b.pack_id from backup_blobs b
   where b.tenant_id = $1 and ${leaseRunOut}${among}
     and not exists (select 1 from backup_item_versions v
                      where v.blob_hash = b.hash and (select s.tenant_id from backup_sets s where s.id = v.set_id) = b.tenant_id
                     offset 0)
   limit $3
   for update of b skip locked`;

/** Every blob of the tenant that can go (the scheduler's pass). */
export const UNREFERENCED_BLOBS = unreferencedBlobs('b.touched_at < now() - make_interval(secs => $2)');
/**
 * Those among the hashes $4 (the blobs a run's retention just freed), found by their hashes: the lease
 * is compared in a form the lease index cannot serve, since the planner, told by statistics taken while
 * the leases were fresh that few had run out, read every run-out lease of the tenant through it.
 */
export const UNREFERENCED_AMONG = unreferencedBlobs('b.touched_at + make_interval(secs => $2) < now()', ' and b.hash = any($4::text[])');

/**
 * Deletes the tenant's blobs that no item version references and whose lease has run out, object first
 * and row second, in transactions that hold the rows they work on: a put meeting one of them waits and
 * then stores it again. An object that fails to delete keeps its row (and stops the pass), so a row
 * never outlives its object. A blob in a pack has no object of its own: only its row goes (its pack is
 * blob-packs.ts' concern). Concurrent collectors skip each other's rows. With `among`, only those
 * hashes are looked at, a batch of them per transaction (sorted, as puts lock them). Returns how many
 * were deleted, and the packs that lost rows (only these can have become sparse).
 */
export async function collectUnreferenced(
  db: EngineDb,
  tenantId: string,
  graceSeconds: number,
  deleteObject: (hash: string) => Promise<void>,
  among?: Iterable<string>,
): Promise<{ deleted: number; packs: Set<string> }> {
  let total = 0;
  const packs = new Set<string>();
  const collect = async (sql: string, params: unknown[]) => {
    const batch = await db.transaction(async (tx) => {
      const { rows } = await tx.query<{ hash: string; pack_id: string | null }>(sql, params);
      const deleted: string[] = [];
      let failure: unknown = null;
      for (const { hash, pack_id: pack } of rows) {
        try {
          if (pack) packs.add(pack);
          else await deleteObject(hash);
          deleted.push(hash);
        } catch (error) {
          failure = error;
          break;
        }
      }
      if (deleted.length) await tx.query('delete from backup_blobs where tenant_id = $1 and hash = any($2)', [tenantId, deleted]);
      return { deleted: deleted.length, full: rows.length === COLLECT_BATCH, failure };
    });
    total += batch.deleted;
    if (batch.failure) throw batch.failure;
    return batch.full;
  };
  if (among) {
    const hashes = [...new Set(among)].sort();
    for (let i = 0; i < hashes.length; i += COLLECT_BATCH) {
      await collect(UNREFERENCED_AMONG, [tenantId, graceSeconds, COLLECT_BATCH, hashes.slice(i, i + COLLECT_BATCH)]);
    }
  } else {
    let more = true;
    while (more) more = await collect(UNREFERENCED_BLOBS, [tenantId, graceSeconds, COLLECT_BATCH]);
  }
  return { deleted: total, packs };
}
