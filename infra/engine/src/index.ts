// Public surface of @portal/engine: the backup engine behind the portal's Backup, Restore and Jobs
// pages. Ports (what it needs and offers) are in ports.ts; the API assembles an engine with
// createEngine and a queue, the worker CLI does the same in its own process.
export type { BlobStore, EngineDb, EngineQueryable, JobKind, JobQueue, ObjectStore, PutResult, TenantCredentials } from './ports';

export { createEngine, BackupAlreadyRunning, type Engine, type EngineOptions } from './engine';
export { createBlobStore } from './blob/blob-store';
export { queueTenantPurge, type PurgeOutcome } from './blob/tenant-purges';
export { createLocalObjectStore } from './blob/local-object-store';
export { createS3ObjectStore, createS3Client } from './blob/s3-object-store';
export { blobBucketFromSettings, openObjectStore } from './blob/open-object-store';
export { DEFAULT_BLOB_GRACE_SECONDS } from './blob/blob-leases';
export { createEmbeddedQueue } from './jobs/embedded-queue';
export { startEngineThread, type EngineThread } from './thread/engine-thread';
export type { EngineThreadOptions } from './thread/engine-thread-options';
export { createPgBossQueue, PG_BOSS_QUEUE } from './jobs/pg-boss-queue';
export { nextRunAfter, claimDueSets } from './jobs/scheduler';
export { findJob, insertJob, requestCancel, appendLog, DEFAULT_STALE_AFTER_SECONDS, type JobRow } from './jobs/job-store';
export { startWorkerHeartbeat, writeWorkerHeartbeat, WORKER_ALIVE_SECONDS, WORKER_HEARTBEAT_MS, type WorkerHeartbeat } from './jobs/worker-heartbeat';
export { JobContext, JobStopped, runPool } from './jobs/job-context';
export { applyRetention, objectTotalsAt, VISIBLE_AT, SEARCH_TEXT, type ItemRecord } from './catalog/catalog';
export { runBackup, type BackupSetRow, type BackupRunDeps, type BackupOutcome } from './backup/run-backup';
export { runRestore, type RestorePayload, type RestoreOutcome } from './restore/run-restore';
export { resolveSelection, loadVersions, parseFolderKey, snapshotRef, type VersionRow } from './restore/selection';
export { zipVersions, exportEntry } from './restore/zip-export';
export { eventToIcs, contactToVcf } from './restore/export-formats';
export {
  insertTenant,
  updateTenantCredentials,
  findTenantRow,
  tenantCredentials,
  testTenantRow,
  defaultGraphClientFactory,
  type TenantRow,
  type GraphClientFactory,
} from './tenants';
export { sealSecret, openSecret, newWrappedDataKey, unwrapDataKey, wrapDataKey } from './crypto/keys';
export { canonicalJson } from './backup/canonical-json';
export { classifyTenantAccessError, describeConsentProblem, recordBackupAccess } from './tenant-access';
export { describeGraphFailure } from '@portal/graph-connector';
