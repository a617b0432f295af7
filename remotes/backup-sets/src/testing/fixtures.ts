import type { BackupSet, Job, ProtectedObject, Snapshot, Tenant } from '@portal/contracts';

// Response bodies shaped by the contracts' schemas, for the component tests.
export const TENANT: Tenant = {
  id: '0d7c1f1e-0000-4000-8000-000000000001',
  name: 'Contoso (demo)',
  tenantId: 'contoso.example',
  clientId: 'client',
  graphBaseUrl: 'http://127.0.0.1:1/v1.0',
  authorityUrl: 'http://127.0.0.1:1',
  organizationName: 'Contoso',
  status: 'connected',
  lastTestedAt: '2026-11-20T10:00:00.000Z',
  lastError: null,
  secretExpiresAt: null,
  demo: true,
  backupSetCount: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  connectedVia: 'credentials',
  grantedPermissions: null,
};

export const SET: BackupSet = {
  id: '5e7a0000-0000-4000-8000-000000000010',
  name: 'Head office mail',
  tenantId: TENANT.id,
  tenantName: TENANT.name,
  type: 'exchange',
  scope: { mode: 'selected', objects: [{ kind: 'user', externalId: 'u-ada', displayName: 'Ada Lovelace' }, { kind: 'user', externalId: 'u-bob', displayName: 'Bob Byte' }] },
  services: ['mail', 'calendar'],
  schedule: { frequency: 'daily', time: '02:00', dayOfWeek: 0 },
  retention: { days: 30 },
  status: 'active',
  lastRunAt: '2026-11-21T02:00:00.000Z',
  lastRunStatus: 'succeeded',
  lastJobId: '7a000000-0000-4000-8000-000000000001',
  nextRunAt: '2026-11-22T02:00:00.000Z',
  protectedCount: 2,
  itemCount: 1234,
  sizeBytes: 5 * 1024 * 1024,
  storedBytes: 3 * 1024 * 1024,
  demo: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-21T02:10:00.000Z',
};

export const USER_ADA: ProtectedObject = {
  id: '0b000000-0000-4000-8000-00000000000a',
  setId: SET.id,
  kind: 'user',
  externalId: 'u-ada',
  displayName: 'Ada Lovelace',
  detail: 'ada@contoso.example',
  status: 'ok',
  lastError: null,
  lastBackupAt: '2026-11-21T02:05:00.000Z',
  itemCount: 800,
  sizeBytes: 2 * 1024 * 1024,
  snapshotCount: 3,
  services: [
    { service: 'mail', itemCount: 700, sizeBytes: 1.5 * 1024 * 1024, lastBackupAt: '2026-11-21T02:05:00.000Z' },
    { service: 'calendar', itemCount: 100, sizeBytes: 0.5 * 1024 * 1024, lastBackupAt: '2026-11-21T02:05:00.000Z' },
  ],
};
export const USER_BOB: ProtectedObject = { ...USER_ADA, id: '0b000000-0000-4000-8000-00000000000b', externalId: 'u-bob', displayName: 'Bob Byte', detail: 'bob@contoso.example', status: 'failed', lastError: 'Mailbox not found' };

export const SNAPSHOT: Snapshot = {
  id: '5a000000-0000-4000-8000-000000000002',
  setId: SET.id,
  objectId: USER_ADA.id,
  jobId: '7a000000-0000-4000-8000-000000000001',
  runSeq: 2,
  takenAt: '2026-11-21T02:05:00.000Z',
  status: 'ok',
  failureReason: null,
  itemCount: 800,
  sizeBytes: 2 * 1024 * 1024,
  addedCount: 10,
  changedCount: 2,
  removedCount: 1,
};

export function job(over: Partial<Job> = {}): Job {
  return {
    id: '7a000000-0000-4000-8000-000000000001',
    type: 'backup',
    status: 'running',
    title: 'Backup of Head office mail',
    setId: SET.id,
    setName: SET.name,
    progress: { objectsDone: 1, objectsTotal: 2, itemsDone: 400, itemsTotal: 800, bytesDone: 1024, itemsPerSecond: 40, bytesPerSecond: 4096, etaSeconds: 10, percent: 50 },
    createdAt: '2026-11-21T02:00:00.000Z',
    startedAt: '2026-11-21T02:00:01.000Z',
    finishedAt: null,
    failureReason: null,
    failedObjects: 0,
    verifiedCount: null,
    downloadReady: false,
    cancelRequested: false,
    retryOf: null,
    ...over,
  };
}
