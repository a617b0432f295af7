import type { BlobStore, EngineDb, EngineQueryable } from '../ports';

// A deleted tenant's objects (migration 300_tenant_purges.sql). Deleting them can take long (a tenant
// has as many objects as its packs and lone blobs) and can fail (a store that is down), so it is not
// part of the request that deletes the tenant: that request queues it, in its own transaction, and
// starts it in the background; the scheduler's pass finishes what did not.

/** How long a claim holds a purge against other workers: longer than any purge takes. */
const CLAIM_SECONDS = 15 * 60;
/** After a failure, the next attempt waits this long times the attempts so far, up to an hour. */
const RETRY_STEP_SECONDS = 60;
const RETRY_MAX_SECONDS = 3_600;

/** Queues the purge of a tenant's stored content; call it in the transaction that deletes the tenant. */
export async function queueTenantPurge(tx: EngineQueryable, tenantId: string): Promise<void> {
  await tx.query('insert into backup_tenant_purges (tenant_id) values ($1) on conflict (tenant_id) do nothing', [tenantId]);
}

/** Claims the oldest purge no worker holds and none waits to retry, or null when there is none. */
async function claimPurge(db: EngineQueryable): Promise<string | null> {
  const { rows } = await db.query<{ tenant_id: string }>(
    `update backup_tenant_purges set claimed_until = clock_timestamp() + make_interval(secs => $1), attempts = attempts + 1
      where tenant_id = (select tenant_id from backup_tenant_purges
                          where claimed_until is null or claimed_until < clock_timestamp()
                          order by requested_at limit 1 for update skip locked)
      returning tenant_id`,
    [CLAIM_SECONDS],
  );
  return rows[0]?.tenant_id ?? null;
}

export interface PurgeOutcome {
  /** Tenants whose content is now gone. */
  purged: number;
  /** Tenants whose purge failed this time (tried again later). */
  failed: number;
}

/**
 * Deletes the stored content of every deleted tenant whose purge is due, one after another; a failure
 * is recorded on its row (`last_error`) and tried again after a growing pause, and does not stop the
 * others. Safe to run in several processes at once: each purge is claimed first.
 */
export async function purgeDeletedTenants(db: EngineDb, blobs: Pick<BlobStore, 'purgeTenant'>, log: (message: string, error?: unknown) => void): Promise<PurgeOutcome> {
  const outcome: PurgeOutcome = { purged: 0, failed: 0 };
  for (let tenantId = await claimPurge(db); tenantId; tenantId = await claimPurge(db)) {
    try {
      const objects = await blobs.purgeTenant(tenantId);
      await db.query('delete from backup_tenant_purges where tenant_id = $1', [tenantId]);
      outcome.purged += 1;
      log(`deleted tenant ${tenantId}: ${objects} stored objects deleted`);
    } catch (error) {
      await db.query(
        `update backup_tenant_purges set last_error = $2,
                claimed_until = clock_timestamp() + make_interval(secs => least($3 * attempts, $4))
          where tenant_id = $1`,
        [tenantId, error instanceof Error ? error.message : String(error), RETRY_STEP_SECONDS, RETRY_MAX_SECONDS],
      );
      outcome.failed += 1;
      log(`the stored content of deleted tenant ${tenantId} could not be deleted yet; tried again later`, error);
    }
  }
  return outcome;
}
