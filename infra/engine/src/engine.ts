import crypto from 'node:crypto';
import os from 'node:os';
import { createBlobStore } from './blob/blob-store';
import { purgeDeletedTenants, type PurgeOutcome } from './blob/tenant-purges';
import { runBackup, type BackupSetRow } from './backup/run-backup';
import { JobContext, JobStopped } from './jobs/job-context';
import { claimableJobIds, claimJob, DEFAULT_STALE_AFTER_SECONDS, finishJob, heartbeatMsFor, insertJob, type JobRow } from './jobs/job-store';
import { claimDueSets } from './jobs/scheduler';
import { claimPeriodic } from './jobs/periodic-claim';
import { maintenanceOn } from './jobs/maintenance';
import { startWorkerHeartbeat, type WorkerHeartbeat } from './jobs/worker-heartbeat';
import type { BlobStore, EngineDb, JobQueue, ObjectStore } from './ports';
import { runRestore } from './restore/run-restore';
import { recordBackupAccess } from './tenant-access';
import { createGuardedFetch, OutboundPolicy, type OutboundPolicyOptions } from '@portal/outbound-guard';
import { defaultGraphClientFactory, type GraphClientFactory } from './tenants';

export interface EngineOptions {
  db: EngineDb;
  /** Wraps the tenants' data keys and seals their credentials. */
  masterSecret: string;
  objects: ObjectStore;
  queue: JobQueue;
  /** Garbage collection spares a blob this long after a put stored or found it (default 24 h; blob-leases.ts). */
  blobGraceSeconds?: number;
  /** Replaces the Graph clients (tests); by default they reach only what `outbound` allows. */
  graphFactory?: GraphClientFactory;
  /** Hosts and networks the engine may call besides Microsoft's (server configuration only), or a policy to share. */
  outbound?: OutboundPolicyOptions | OutboundPolicy;
  objectConcurrency?: number;
  fetchConcurrency?: number;
  /** How often the scheduler and the stale-job sweeper look (ms). Default 15 s. */
  scheduleEveryMs?: number;
  /** Heartbeat age after which a running job counts as abandoned and is taken over (BACKUP_STALE_SECONDS). Default 30 s. */
  staleAfterSeconds?: number;
  workerId?: string;
  /** How often this process refreshes its engine_workers row (ms). Default 15 s. */
  heartbeatEveryMs?: number;
  /**
   * How often the scheduler also collects every tenant's unreferenced blobs (ms). Default 6 h. Backups
   * collect what their retention freed when they finish; this pass frees the rest (content a stopped
   * run put but never referenced, a set deleted right after a backup, whose blobs were still within
   * their grace window). One process of the deployment does it each period (periodic-claim.ts).
   */
  collectEveryMs?: number;
  log?: (message: string, error?: unknown) => void;
}

export interface Engine {
  readonly db: EngineDb;
  readonly blobs: BlobStore;
  /** The raw object store under the blob store (health probes). */
  readonly objects: ObjectStore;
  readonly masterSecret: string;
  readonly graphFactory: GraphClientFactory;
  /** What the Graph clients may reach; the API checks a tenant's URLs against it before storing them. */
  readonly outbound: OutboundPolicy;
  readonly queue: JobQueue;
  readonly workerId: string;
  /** Creates a backup job for a set (409-worthy error when one is already queued or running). */
  startBackup(setId: string, retryOf?: string | null): Promise<JobRow>;
  /** Creates a job row and announces it to the queue. */
  submit(input: Parameters<typeof insertJob>[1]): Promise<JobRow>;
  /** Runs one job to its end in this process (what queue workers call). */
  runJob(jobId: string): Promise<void>;
  /** Starts queue workers and the scheduler. */
  start(): Promise<void>;
  /** Stops taking jobs; running ones stop at their next checkpoint and resume elsewhere or later. */
  stop(): Promise<void>;
  /** One scheduler pass: starts due backups. Returns how many were started. */
  scheduleDue(now?: Date): Promise<number>;
  /** Collects the unreferenced blobs of every tenant; returns how many were deleted. */
  collectAllGarbage(): Promise<number>;
  /** Deletes the stored content of deleted tenants (tenant-purges.ts); never rejects. */
  purgeDeletedTenants(): Promise<PurgeOutcome>;
}

export class BackupAlreadyRunning extends Error {
  constructor() {
    super('A backup of this set is already running');
  }
}

export function createEngine(options: EngineOptions): Engine {
  const { db, queue } = options;
  const blobs = createBlobStore({ db, objects: options.objects, masterSecret: options.masterSecret, graceSeconds: options.blobGraceSeconds });
  const outbound = options.outbound instanceof OutboundPolicy ? options.outbound : new OutboundPolicy(options.outbound);
  const graphFactory = options.graphFactory ?? defaultGraphClientFactory({ fetch: createGuardedFetch(outbound) });
  const workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  const log = options.log ?? (() => undefined);
  const staleAfterSeconds = options.staleAfterSeconds ?? DEFAULT_STALE_AFTER_SECONDS;
  let stopping = false;
  let timer: NodeJS.Timeout | null = null;
  let heartbeat: WorkerHeartbeat | null = null;
  /** Jobs this process runs now, reported in its engine_workers row. */
  const runningJobs = new Set<string>();

  async function submit(input: Parameters<typeof insertJob>[1]): Promise<JobRow> {
    const job = await insertJob(db, input);
    await queue.enqueue(job.id).catch((error) => log('could not announce job', error));
    return job;
  }

  async function startBackup(setId: string, retryOf: string | null = null): Promise<JobRow> {
    const { rows } = await db.query<BackupSetRow>('select * from backup_sets where id = $1', [setId]);
    const set = rows[0];
    if (!set) throw new Error('Backup set not found');
    try {
      const job = await submit({ organisationId: set.organisation_id, setId, type: 'backup', title: `Backup of ${set.name}`, payload: {}, retryOf });
      await db.query('update backup_sets set last_job_id = $2 where id = $1', [setId, job.id]);
      return job;
    } catch (error) {
      // backup_jobs_one_active_backup_idx: one queued or running backup per set.
      if (/backup_jobs_one_active_backup_idx|duplicate key/i.test(String((error as Error).message))) throw new BackupAlreadyRunning();
      throw error;
    }
  }

  async function runJob(jobId: string): Promise<void> {
    if (stopping) return;
    const job = await claimJob(db, jobId, workerId, staleAfterSeconds);
    if (!job) return;
    const ctx = new JobContext(db, job, workerId, () => stopping, heartbeatMsFor(staleAfterSeconds));
    runningJobs.add(job.id);
    try {
      if (job.cancel_requested) {
        await finishJob(db, job.id, workerId, { status: 'cancelled', errorMessage: 'Cancelled' });
        return;
      }
      const deps = {
        db,
        blobs,
        masterSecret: options.masterSecret,
        graphFactory,
        objectConcurrency: options.objectConcurrency ?? 4,
        fetchConcurrency: options.fetchConcurrency ?? 8,
      };
      if (job.type === 'backup') {
        const outcome = await runBackup(deps, ctx);
        await ctx.flush(true);
        if (await finishJob(db, job.id, workerId, outcome)) {
          await db.query('update backup_sets set last_run_at = clock_timestamp(), last_run_status = $2 where id = $1', [job.set_id, outcome.status]);
          // The run reached Graph: an earlier consent problem of its tenant is over.
          if (outcome.status !== 'failed') await recordBackupAccess(db, job.set_id!, null).catch((e) => log('could not record tenant access', e));
        }
      } else {
        const outcome = await runRestore(deps, ctx);
        await ctx.flush(true);
        await finishJob(db, job.id, workerId, outcome);
      }
    } catch (error) {
      if (error instanceof JobStopped) {
        if (error.reason === 'cancelled') {
          await ctx.log('warn', 'Cancelled by request').catch(() => undefined);
          await ctx.flush(true).catch(() => undefined);
          await finishJob(db, job.id, workerId, { status: 'cancelled', errorMessage: 'Cancelled' });
          if (job.type === 'backup') await db.query(`update backup_sets set last_run_at = clock_timestamp(), last_run_status = 'cancelled' where id = $1`, [job.set_id]);
        }
        // Shutdown or takeover: the row stays running; its heartbeat goes stale and a worker resumes it.
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      log(`job ${job.id} failed`, error);
      await ctx.log('error', message).catch(() => undefined);
      await finishJob(db, job.id, workerId, { status: 'failed', errorMessage: message }).catch(() => undefined);
      if (job.type === 'backup') {
        await db.query(`update backup_sets set last_run_at = clock_timestamp(), last_run_status = 'failed' where id = $1`, [job.set_id]).catch(() => undefined);
        await recordBackupAccess(db, job.set_id!, error).catch((e) => log('could not record tenant access', e));
      }
    } finally {
      runningJobs.delete(job.id);
      ctx.dispose();
    }
  }

  async function scheduleDue(now = new Date()): Promise<number> {
    if (await maintenanceOn(db)) return 0;
    let started = 0;
    for (const set of await claimDueSets(db, now)) {
      try {
        await startBackup(set.id);
        started += 1;
      } catch (error) {
        if (!(error instanceof BackupAlreadyRunning)) log(`scheduled backup of ${set.id} failed to start`, error);
      }
    }
    return started;
  }

  async function collectAllGarbage(): Promise<number> {
    let deleted = 0;
    // Every tenant, not only those with blob rows: packs no row names (a run that stopped between its
    // writes and its rows) are swept from a tenant that has none yet.
    const { rows } = await db.query<{ id: string }>('select id from backup_tenants');
    // One tenant's failure (its store unreachable) does not keep the others' garbage.
    for (const row of rows) {
      try {
        deleted += await blobs.collectGarbage(row.id);
        const packs = await blobs.tidyPacks(row.id);
        if (packs.merged || packs.orphans) log(`tenant ${row.id}: ${packs.merged} small packs merged, ${packs.orphans} never indexed deleted`);
      } catch (error) {
        log(`garbage collection of tenant ${row.id} failed`, error);
      }
    }
    return deleted;
  }

  async function purgeTenants(): Promise<PurgeOutcome> {
    return purgeDeletedTenants(db, blobs, log).catch((error: unknown) => {
      log('purging deleted tenants failed', error);
      return { purged: 0, failed: 0 };
    });
  }

  async function sweep() {
    try {
      await scheduleDue();
      await purgeTenants();
      if (await claimPeriodic(db, 'collect-garbage', options.collectEveryMs ?? 6 * 3_600_000)) {
        const deleted = await collectAllGarbage();
        if (deleted) log(`garbage collection deleted ${deleted} unreferenced blobs`);
      }
      // Jobs whose worker died: announce them again so a live worker resumes them.
      if (queue.kind !== 'embedded') for (const id of await claimableJobIds(db, 20, staleAfterSeconds)) await queue.enqueue(id);
    } catch (error) {
      if (!stopping) log('scheduler pass failed', error);
    }
  }

  return {
    db,
    blobs,
    objects: options.objects,
    masterSecret: options.masterSecret,
    graphFactory,
    outbound,
    queue,
    workerId,
    startBackup,
    submit,
    runJob,
    scheduleDue,
    collectAllGarbage,
    purgeDeletedTenants: purgeTenants,
    async start() {
      stopping = false;
      await queue.start(runJob);
      heartbeat = startWorkerHeartbeat(db, { workerId, queueKind: queue.kind, runningJobIds: () => [...runningJobs], everyMs: options.heartbeatEveryMs, log });
      timer = setInterval(() => void sweep(), options.scheduleEveryMs ?? 15_000);
      timer.unref();
    },
    async stop() {
      stopping = true;
      if (timer) clearInterval(timer);
      await queue.stop();
      await heartbeat?.stop();
      heartbeat = null;
    },
  };
}
