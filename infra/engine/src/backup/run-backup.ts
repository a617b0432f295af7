import type { BackupService, BackupSetType, ObjectKind, Scope } from '@portal/contracts';
import { OBJECT_KINDS_BY_SET_TYPE } from '@portal/contracts';
import type { GraphClient } from '@portal/graph-connector';
import { applyRetention, OBJECT_TOTALS_SINCE, type WriteCounts } from '../catalog/catalog';
import { checkpointReader } from '../catalog/checkpoints';
import { JobStopped, runPool, type JobContext } from '../jobs/job-context';
import { setRunSeq, type JobRow } from '../jobs/job-store';
import type { BlobStore, EngineDb } from '../ports';
import { findTenantRow, tenantCredentials, type GraphClientFactory } from '../tenants';
import { backupObject, type ObjectRef } from './backup-object';
import { classifyTenantAccessError } from '../tenant-access';

export interface BackupSetRow {
  id: string;
  organisation_id: string;
  tenant_id: string;
  name: string;
  type: BackupSetType;
  scope: Scope;
  services: BackupService[];
  schedule: { frequency: string; time: string; dayOfWeek: number };
  retention_days: number;
  status: 'active' | 'paused';
  run_seq: number;
  next_run_at: Date | null;
  last_run_at: Date | null;
  last_run_status: string | null;
  last_job_id: string | null;
  demo: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface BackupRunDeps {
  db: EngineDb;
  blobs: BlobStore;
  masterSecret: string;
  graphFactory: GraphClientFactory;
  /** Protected objects backed up at the same time. */
  objectConcurrency: number;
  /** Content downloads in flight per object. */
  fetchConcurrency: number;
}

export interface BackupOutcome {
  status: 'succeeded' | 'warning' | 'failed';
  errorMessage: string | null;
}

interface FoundObject {
  kind: ObjectKind;
  externalId: string;
  displayName: string;
  detail: string | null;
  /** Users only: whether the directory lists a licence (null: not read, as for chosen objects). The usage feed counts seats by it. */
  licensed: boolean | null;
}

const USER_FIELDS = ['id', 'displayName', 'userPrincipalName', 'mail', 'assignedLicenses'] as const;

/** The objects a set protects now: its chosen ones, or everything of the right kinds in the tenant. */
async function enumerateScope(graph: GraphClient, type: BackupSetType, scope: Scope): Promise<FoundObject[]> {
  const kinds = OBJECT_KINDS_BY_SET_TYPE[type];
  if (scope.mode === 'selected') return scope.objects.filter((o) => kinds.includes(o.kind)).map((o) => ({ ...o, detail: null, licensed: null }));
  const found: FoundObject[] = [];
  if (kinds.includes('user')) {
    for await (const u of graph.listUsers(USER_FIELDS)) {
      const licensed = u.assignedLicenses ? u.assignedLicenses.length > 0 : null;
      found.push({ kind: 'user', externalId: u.id, displayName: u.displayName, detail: u.mail ?? u.userPrincipalName, licensed });
    }
  }
  if (kinds.includes('site')) for await (const s of graph.listSites()) found.push({ kind: 'site', externalId: s.id, displayName: s.displayName, detail: s.webUrl, licensed: null });
  if (kinds.includes('group')) for await (const g of graph.listGroups()) found.push({ kind: 'group', externalId: g.id, displayName: g.displayName, detail: g.mail ?? null, licensed: null });
  if (kinds.includes('team')) for await (const t of graph.listTeams()) found.push({ kind: 'team', externalId: t.id, displayName: t.displayName, detail: null, licensed: null });
  return found;
}

async function syncObjects(db: EngineDb, setId: string, found: FoundObject[]): Promise<ObjectRef[]> {
  return db.transaction(async (tx) => {
    await tx.query('update backup_objects set active = false where set_id = $1', [setId]);
    const { rows } = await tx.query<{ id: string; kind: ObjectRef['kind']; external_id: string; display_name: string }>(
      `insert into backup_objects (set_id, kind, external_id, display_name, detail, licensed, active)
       select $1, x.kind, x."externalId", x."displayName", x.detail, x.licensed, true
         from jsonb_to_recordset($2::jsonb) as x(kind text, "externalId" text, "displayName" text, detail text, licensed boolean)
       on conflict (set_id, kind, external_id) do update
         set active = true, display_name = excluded.display_name, detail = coalesce(excluded.detail, backup_objects.detail),
             licensed = coalesce(excluded.licensed, backup_objects.licensed)
       returning id, kind, external_id, display_name`,
      [setId, JSON.stringify(found)],
    );
    return rows.map((r) => ({ id: r.id, kind: r.kind, externalId: r.external_id, displayName: r.display_name })).sort((a, b) => a.displayName.localeCompare(b.displayName));
  });
}

interface ObjectRun {
  setId: string;
  objectId: string;
  jobId: string;
  runSeq: number;
  status: 'ok' | 'failed';
  errorMessage: string | null;
  counts: WriteCounts;
}

/**
 * An object's snapshot of the run (its totals as of the run, counted in the same statement from its
 * previous snapshot and what changed since) and its status, in one statement: an incremental run's
 * objects mostly change little, and on PGlite each statement costs about half a millisecond.
 */
async function recordObjectRun(db: EngineDb, run: ObjectRun): Promise<void> {
  await db.query(
    `with totals as (${OBJECT_TOTALS_SINCE('$2', '$4')}),
     snapshot as (
       insert into backup_snapshots (set_id, object_id, job_id, run_seq, status, error_message, item_count, size_bytes, added_count, changed_count, removed_count)
       select $1, $2, $3, $4, $5, $6, t.item_count, t.size_bytes, $7, $8, $9 from totals t
       on conflict (object_id, run_seq) do update set status = excluded.status, error_message = excluded.error_message,
         item_count = excluded.item_count, size_bytes = excluded.size_bytes, added_count = excluded.added_count,
         changed_count = excluded.changed_count, removed_count = excluded.removed_count, taken_at = clock_timestamp()
     )
     update backup_objects set status = $5, last_error = $6, last_backup_at = case when $5 = 'ok' then clock_timestamp() else last_backup_at end where id = $2`,
    [run.setId, run.objectId, run.jobId, run.runSeq, run.status, run.errorMessage, run.counts.added, run.counts.changed, run.counts.removed],
  );
}

/**
 * One backup run of a set: enumerate the scope, then back up each object with bounded concurrency.
 * Each finished object gets its snapshot row (ok or failed) at once, so a resumed run skips objects
 * already done in this run, and one object's failure is recorded without touching the others.
 */
export async function runBackup(deps: BackupRunDeps, ctx: JobContext): Promise<BackupOutcome> {
  const { db } = deps;
  const job: JobRow = ctx.job;
  const { rows: setRows } = await db.query<BackupSetRow>('select * from backup_sets where id = $1', [job.set_id]);
  const set = setRows[0];
  if (!set) return { status: 'failed', errorMessage: 'The backup set no longer exists' };
  const tenant = await findTenantRow(db, set.tenant_id);
  if (!tenant) return { status: 'failed', errorMessage: 'The tenant of this backup set is no longer connected' };

  let runSeq = job.run_seq;
  if (runSeq === null) {
    const { rows } = await db.query<{ run_seq: number }>('update backup_sets set run_seq = run_seq + 1 where id = $1 returning run_seq', [set.id]);
    runSeq = rows[0].run_seq;
    await setRunSeq(db, job.id, runSeq);
    await ctx.log('info', `Backup run ${runSeq} of "${set.name}" started`);
  } else {
    await ctx.log('info', `Backup run ${runSeq} resumed`);
  }

  const graph = deps.graphFactory(tenantCredentials(deps.masterSecret, tenant));
  const objects = await syncObjects(db, set.id, await enumerateScope(graph, set.type, set.scope));
  const { rows: doneRows } = await db.query<{ object_id: string; status: string }>('select object_id, status from backup_snapshots where set_id = $1 and run_seq = $2', [set.id, runSeq]);
  const done = new Set(doneRows.map((r) => r.object_id));
  ctx.progress.objectsTotal = objects.length;
  ctx.progress.objectsDone = done.size;
  ctx.progress.failedObjects = doneRows.filter((r) => r.status === 'failed').length;
  await ctx.log('info', `${objects.length} objects in scope, ${done.size} already done in this run`);
  await ctx.flush(true);

  const start = Date.now();
  const pending = objects.filter((o) => !done.has(o.id));
  const checkpoints = checkpointReader(db, pending.map((o) => o.id));
  await runPool(
    pending,
    deps.objectConcurrency,
    async (object) => {
      let status: 'ok' | 'failed' = 'ok';
      let errorMessage: string | null = null;
      let counts = { added: 0, changed: 0, removed: 0 };
      try {
        counts = await backupObject(
          {
            db,
            blobs: deps.blobs,
            graph,
            job: ctx,
            setId: set.id,
            tenantRowId: tenant.id,
            runSeq: runSeq!,
            services: set.services,
            fetchConcurrency: deps.fetchConcurrency,
            readCheckpoints: checkpoints,
          },
          object,
        );
      } catch (error) {
        // Cancel, shutdown or takeover: leave the object unfinished so the next attempt resumes it.
        // Lost consent fails every object alike: end the run so the tenant is marked (tenant-access.ts).
        // A Graph error that ends a cancelled run is not why it ended: report the cancel.
        if (ctx.stopped) throw error instanceof JobStopped ? error : ctx.stopError();
        if (classifyTenantAccessError(error) === 'consent') throw error;
        status = 'failed';
        errorMessage = error instanceof Error ? error.message : String(error);
        await ctx.log('error', `${object.displayName}: ${errorMessage}`);
      }
      await recordObjectRun(db, { setId: set.id, objectId: object.id, jobId: job.id, runSeq: runSeq!, status, errorMessage, counts });
      ctx.progress.objectsDone += 1;
      if (status === 'failed') ctx.progress.failedObjects += 1;
      await ctx.checkpoint();
    },
    () => ctx.stopped,
  );
  await ctx.checkpoint();

  const tidied = await clearOldData(deps, ctx, set, tenant.id);

  const failed = ctx.progress.failedObjects;
  const seconds = Math.max(0.001, (Date.now() - start) / 1000);
  await ctx.log(
    failed ? 'warn' : 'info',
    `Run ${runSeq} finished: ${objects.length - failed} of ${objects.length} objects backed up, ${ctx.progress.itemsDone} items checked in ${seconds.toFixed(1)} s`,
  );
  if (objects.length > 0 && failed === objects.length) return { status: 'failed', errorMessage: 'Every object failed; see the job log' };
  if (failed) return { status: 'warning', errorMessage: `${failed} of ${objects.length} objects failed` };
  if (tidied) return { status: 'warning', errorMessage: tidied };
  return { status: 'succeeded', errorMessage: null };
}

/**
 * Retention, then the blobs it freed, once a run has stored its objects. Only those: every other blob
 * of the tenant (put by a run that stopped before its versions, or left by one whose collection
 * failed) waits for the scheduler's collection of every tenant, since looking at each of them at the
 * end of every run grows with the tenant (about 100 ms for the demo tenant's 19,000 blobs once their
 * leases have run out). A failure here loses nothing the run stored, and both are done again, so the
 * run ends with a warning saying why instead of failing; null when both worked.
 */
async function clearOldData(deps: BackupRunDeps, ctx: JobContext, set: BackupSetRow, tenantId: string): Promise<string | null> {
  try {
    const retained = await applyRetention(deps.db, set.id, set.retention_days);
    if (retained.snapshots) await ctx.log('info', `Retention removed ${retained.snapshots} snapshots and ${retained.versions} item versions`);
    const collected = await deps.blobs.collectGarbage(tenantId, retained.blobs);
    if (collected) await ctx.log('info', `${collected} unreferenced blobs deleted`);
    return null;
  } catch (error) {
    const message = `Backed up, but old data could not be cleared: ${error instanceof Error ? error.message : String(error)}`;
    await ctx.log('warn', message);
    return message;
  }
}
