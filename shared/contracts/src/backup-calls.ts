import type { ApiResult } from '@portal/request';
import { callEndpoint } from './call-endpoint';
import { backupEndpoints as ep } from './endpoints/backup-endpoints';
import type {
  BackupMessage,
  BackupSet,
  BackupSetListParams,
  BackupSetPage,
  ConnectionTestResult,
  ConnectTenantRequest,
  CreateBackupSetRequest,
  CreateRestoreRequest,
  DirectoryList,
  DirectoryParams,
  DownloadLink,
  ItemPage,
  ItemPreview,
  ItemSearchParams,
  Job,
  JobListParams,
  JobLog,
  JobPage,
  MappingList,
  MappingValidation,
  ObjectListParams,
  ProtectedObject,
  ProtectedObjectPage,
  SaveMappingRequest,
  SnapshotList,
  SnapshotMapping,
  StartMappingRequest,
  Tenant,
  TenantList,
  TreeList,
  UpdateBackupSetRequest,
  UpdateTenantRequest,
} from './backup';
import type { StartTenantConsentRequest, TenantConsentStart } from './tenant-consent';

// Backup service calls: URLs, methods and access come from ./endpoints/backup-endpoints.
// Each resolves with the success body or `{ errorMessage }` (see @portal/request).


// Tenants
export const listTenants = (): Promise<ApiResult<TenantList>> => callEndpoint(ep.listTenants);
export const connectTenant = (body: ConnectTenantRequest): Promise<ApiResult<Tenant>> => callEndpoint(ep.connectTenant, { body });
/** Tests credentials before they are saved (nothing is stored). */
export const testTenantCredentials = (body: ConnectTenantRequest): Promise<ApiResult<ConnectionTestResult>> => callEndpoint(ep.testTenantCredentials, { body });
/** Starts Connect with Microsoft: the URL of Microsoft's admin consent page. */
export const startTenantConsent = (body: StartTenantConsentRequest = {}): Promise<ApiResult<TenantConsentStart>> => callEndpoint(ep.startTenantConsent, { body });
export const getTenant = (tenantId: string): Promise<ApiResult<Tenant>> => callEndpoint(ep.getTenant, { params: { tenantId } });
export const updateTenant = (tenantId: string, body: UpdateTenantRequest): Promise<ApiResult<Tenant>> => callEndpoint(ep.updateTenant, { params: { tenantId }, body });
export const deleteTenant = (tenantId: string): Promise<ApiResult<BackupMessage>> => callEndpoint(ep.deleteTenant, { params: { tenantId } });
export const testTenantConnection = (tenantId: string): Promise<ApiResult<ConnectionTestResult>> => callEndpoint(ep.testTenantConnection, { params: { tenantId } });
export const listTenantDirectory = (tenantId: string, params: DirectoryParams = {}): Promise<ApiResult<DirectoryList>> =>
  callEndpoint(ep.listTenantDirectory, { params: { tenantId }, query: params });

// Backup sets
export const listBackupSets = (params: BackupSetListParams = {}): Promise<ApiResult<BackupSetPage>> => callEndpoint(ep.listBackupSets, { query: params });
export const createBackupSet = (body: CreateBackupSetRequest): Promise<ApiResult<BackupSet>> => callEndpoint(ep.createBackupSet, { body });
export const getBackupSet = (setId: string): Promise<ApiResult<BackupSet>> => callEndpoint(ep.getBackupSet, { params: { setId } });
export const updateBackupSet = (setId: string, body: UpdateBackupSetRequest): Promise<ApiResult<BackupSet>> => callEndpoint(ep.updateBackupSet, { params: { setId }, body });
/** Deletes the set, its catalog and the stored content no other set references. */
export const deleteBackupSet = (setId: string): Promise<ApiResult<BackupMessage>> => callEndpoint(ep.deleteBackupSet, { params: { setId } });
export const pauseBackupSet = (setId: string): Promise<ApiResult<BackupSet>> => callEndpoint(ep.pauseBackupSet, { params: { setId } });
export const resumeBackupSet = (setId: string): Promise<ApiResult<BackupSet>> => callEndpoint(ep.resumeBackupSet, { params: { setId } });
/** Queues a backup run now; answers the job. */
export const runBackupSet = (setId: string): Promise<ApiResult<Job>> => callEndpoint(ep.runBackupSet, { params: { setId } });

// Protected objects, snapshots, tree
export const listProtectedObjects = (setId: string, params: ObjectListParams = {}): Promise<ApiResult<ProtectedObjectPage>> =>
  callEndpoint(ep.listProtectedObjects, { params: { setId }, query: params });
export const getProtectedObject = (setId: string, objectId: string): Promise<ApiResult<ProtectedObject>> =>
  callEndpoint(ep.getProtectedObject, { params: { setId, objectId } });
export const listSnapshots = (setId: string, objectId: string): Promise<ApiResult<SnapshotList>> => callEndpoint(ep.listSnapshots, { params: { setId, objectId } });
export const getSnapshotTree = (snapshotId: string, parent?: string): Promise<ApiResult<TreeList>> =>
  callEndpoint(ep.getSnapshotTree, { params: { snapshotId }, query: { parent } });

// Items
export const searchItems = (setId: string, params: ItemSearchParams = {}): Promise<ApiResult<ItemPage>> => callEndpoint(ep.searchItems, { params: { setId }, query: params });
export const getItemPreview = (itemId: string): Promise<ApiResult<ItemPreview>> => callEndpoint(ep.getItemPreview, { params: { itemId } });
export const getItemDownloadLink = (itemId: string): Promise<ApiResult<DownloadLink>> => callEndpoint(ep.getItemDownloadLink, { params: { itemId } });

// Restore and mappings
export const createRestore = (body: CreateRestoreRequest): Promise<ApiResult<Job>> => callEndpoint(ep.createRestore, { body });
export const listMappings = (): Promise<ApiResult<MappingList>> => callEndpoint(ep.listMappings);
export const createMapping = (body: SaveMappingRequest): Promise<ApiResult<SnapshotMapping>> => callEndpoint(ep.createMapping, { body });
export const getMapping = (mappingId: string): Promise<ApiResult<SnapshotMapping>> => callEndpoint(ep.getMapping, { params: { mappingId } });
export const updateMapping = (mappingId: string, body: SaveMappingRequest): Promise<ApiResult<SnapshotMapping>> =>
  callEndpoint(ep.updateMapping, { params: { mappingId }, body });
export const deleteMapping = (mappingId: string): Promise<ApiResult<BackupMessage>> => callEndpoint(ep.deleteMapping, { params: { mappingId } });
export const validateMapping = (mappingId: string): Promise<ApiResult<MappingValidation>> => callEndpoint(ep.validateMapping, { params: { mappingId } });
/** Queues one restore job that restores every mapped source user's newest snapshot to its target. */
export const startMapping = (mappingId: string, body: StartMappingRequest = {}): Promise<ApiResult<Job>> => callEndpoint(ep.startMapping, { params: { mappingId }, body });

// Jobs
export const listJobs = (params: JobListParams = {}): Promise<ApiResult<JobPage>> => callEndpoint(ep.listJobs, { query: params });
export const getJob = (jobId: string): Promise<ApiResult<Job>> => callEndpoint(ep.getJob, { params: { jobId } });
export const getJobLog = (jobId: string, after = 0): Promise<ApiResult<JobLog>> => callEndpoint(ep.getJobLog, { params: { jobId }, query: { after } });
export const cancelJob = (jobId: string): Promise<ApiResult<Job>> => callEndpoint(ep.cancelJob, { params: { jobId } });
/** Queues a new job with the same work; a backup retry resumes from the checkpoints. */
export const retryJob = (jobId: string): Promise<ApiResult<Job>> => callEndpoint(ep.retryJob, { params: { jobId } });
export const getJobDownloadLink = (jobId: string): Promise<ApiResult<DownloadLink>> => callEndpoint(ep.getJobDownloadLink, { params: { jobId } });
