import { request, type ApiResult } from '@portal/request';
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

// Backup service calls (issue 8); paths relative to the API base. Each resolves with the success body
// or `{ errorMessage }` (see @portal/request).

const seg = (value: string): string => encodeURIComponent(value);
type Params = Record<string, string | number | boolean | undefined>;

// Tenants
export const listTenants = (): Promise<ApiResult<TenantList>> => request<ApiResult<TenantList>>({ method: 'GET', url: 'api/backup/tenants' });
export const connectTenant = (body: ConnectTenantRequest): Promise<ApiResult<Tenant>> =>
  request<ApiResult<Tenant>>({ method: 'POST', url: 'api/backup/tenants', data: body });
/** Tests credentials before they are saved (nothing is stored). */
export const testTenantCredentials = (body: ConnectTenantRequest): Promise<ApiResult<ConnectionTestResult>> =>
  request<ApiResult<ConnectionTestResult>>({ method: 'POST', url: 'api/backup/tenants/test', data: body });
export const getTenant = (tenantId: string): Promise<ApiResult<Tenant>> =>
  request<ApiResult<Tenant>>({ method: 'GET', url: `api/backup/tenants/${seg(tenantId)}` });
export const updateTenant = (tenantId: string, body: UpdateTenantRequest): Promise<ApiResult<Tenant>> =>
  request<ApiResult<Tenant>>({ method: 'PATCH', url: `api/backup/tenants/${seg(tenantId)}`, data: body });
export const deleteTenant = (tenantId: string): Promise<ApiResult<BackupMessage>> =>
  request<ApiResult<BackupMessage>>({ method: 'DELETE', url: `api/backup/tenants/${seg(tenantId)}` });
export const testTenantConnection = (tenantId: string): Promise<ApiResult<ConnectionTestResult>> =>
  request<ApiResult<ConnectionTestResult>>({ method: 'POST', url: `api/backup/tenants/${seg(tenantId)}/test` });
export const listTenantDirectory = (tenantId: string, params: DirectoryParams = {}): Promise<ApiResult<DirectoryList>> =>
  request<ApiResult<DirectoryList>>({ method: 'GET', url: `api/backup/tenants/${seg(tenantId)}/directory`, params: params as Params });

// Backup sets
export const listBackupSets = (params: BackupSetListParams = {}): Promise<ApiResult<BackupSetPage>> =>
  request<ApiResult<BackupSetPage>>({ method: 'GET', url: 'api/backup/sets', params: params as Params });
export const createBackupSet = (body: CreateBackupSetRequest): Promise<ApiResult<BackupSet>> =>
  request<ApiResult<BackupSet>>({ method: 'POST', url: 'api/backup/sets', data: body });
export const getBackupSet = (setId: string): Promise<ApiResult<BackupSet>> =>
  request<ApiResult<BackupSet>>({ method: 'GET', url: `api/backup/sets/${seg(setId)}` });
export const updateBackupSet = (setId: string, body: UpdateBackupSetRequest): Promise<ApiResult<BackupSet>> =>
  request<ApiResult<BackupSet>>({ method: 'PATCH', url: `api/backup/sets/${seg(setId)}`, data: body });
/** Deletes the set, its catalog and the stored content no other set references. */
export const deleteBackupSet = (setId: string): Promise<ApiResult<BackupMessage>> =>
  request<ApiResult<BackupMessage>>({ method: 'DELETE', url: `api/backup/sets/${seg(setId)}` });
export const pauseBackupSet = (setId: string): Promise<ApiResult<BackupSet>> =>
  request<ApiResult<BackupSet>>({ method: 'POST', url: `api/backup/sets/${seg(setId)}/pause` });
export const resumeBackupSet = (setId: string): Promise<ApiResult<BackupSet>> =>
  request<ApiResult<BackupSet>>({ method: 'POST', url: `api/backup/sets/${seg(setId)}/resume` });
/** Queues a backup run now; answers the job. */
export const runBackupSet = (setId: string): Promise<ApiResult<Job>> =>
  request<ApiResult<Job>>({ method: 'POST', url: `api/backup/sets/${seg(setId)}/run` });

// Protected objects, snapshots, tree
export const listProtectedObjects = (setId: string, params: ObjectListParams = {}): Promise<ApiResult<ProtectedObjectPage>> =>
  request<ApiResult<ProtectedObjectPage>>({ method: 'GET', url: `api/backup/sets/${seg(setId)}/objects`, params: params as Params });
export const getProtectedObject = (setId: string, objectId: string): Promise<ApiResult<ProtectedObject>> =>
  request<ApiResult<ProtectedObject>>({ method: 'GET', url: `api/backup/sets/${seg(setId)}/objects/${seg(objectId)}` });
export const listSnapshots = (setId: string, objectId: string): Promise<ApiResult<SnapshotList>> =>
  request<ApiResult<SnapshotList>>({ method: 'GET', url: `api/backup/sets/${seg(setId)}/objects/${seg(objectId)}/snapshots` });
export const getSnapshotTree = (snapshotId: string, parent?: string): Promise<ApiResult<TreeList>> =>
  request<ApiResult<TreeList>>({ method: 'GET', url: `api/backup/snapshots/${seg(snapshotId)}/tree`, params: { parent } });

// Items
export const searchItems = (setId: string, params: ItemSearchParams = {}): Promise<ApiResult<ItemPage>> =>
  request<ApiResult<ItemPage>>({ method: 'GET', url: `api/backup/sets/${seg(setId)}/items`, params: params as Params });
export const getItemPreview = (itemId: string): Promise<ApiResult<ItemPreview>> =>
  request<ApiResult<ItemPreview>>({ method: 'GET', url: `api/backup/items/${seg(itemId)}` });
export const getItemDownloadLink = (itemId: string): Promise<ApiResult<DownloadLink>> =>
  request<ApiResult<DownloadLink>>({ method: 'GET', url: `api/backup/items/${seg(itemId)}/download-link` });

// Restore and mappings
export const createRestore = (body: CreateRestoreRequest): Promise<ApiResult<Job>> =>
  request<ApiResult<Job>>({ method: 'POST', url: 'api/backup/restores', data: body });
export const listMappings = (): Promise<ApiResult<MappingList>> =>
  request<ApiResult<MappingList>>({ method: 'GET', url: 'api/backup/mappings' });
export const createMapping = (body: SaveMappingRequest): Promise<ApiResult<SnapshotMapping>> =>
  request<ApiResult<SnapshotMapping>>({ method: 'POST', url: 'api/backup/mappings', data: body });
export const getMapping = (mappingId: string): Promise<ApiResult<SnapshotMapping>> =>
  request<ApiResult<SnapshotMapping>>({ method: 'GET', url: `api/backup/mappings/${seg(mappingId)}` });
export const updateMapping = (mappingId: string, body: SaveMappingRequest): Promise<ApiResult<SnapshotMapping>> =>
  request<ApiResult<SnapshotMapping>>({ method: 'PUT', url: `api/backup/mappings/${seg(mappingId)}`, data: body });
export const deleteMapping = (mappingId: string): Promise<ApiResult<BackupMessage>> =>
  request<ApiResult<BackupMessage>>({ method: 'DELETE', url: `api/backup/mappings/${seg(mappingId)}` });
export const validateMapping = (mappingId: string): Promise<ApiResult<MappingValidation>> =>
  request<ApiResult<MappingValidation>>({ method: 'POST', url: `api/backup/mappings/${seg(mappingId)}/validate` });
/** Queues one restore job that restores every mapped source user's newest snapshot to its target. */
export const startMapping = (mappingId: string, body: StartMappingRequest = {}): Promise<ApiResult<Job>> =>
  request<ApiResult<Job>>({ method: 'POST', url: `api/backup/mappings/${seg(mappingId)}/start`, data: body });

// Jobs
export const listJobs = (params: JobListParams = {}): Promise<ApiResult<JobPage>> =>
  request<ApiResult<JobPage>>({ method: 'GET', url: 'api/jobs', params: params as Params });
export const getJob = (jobId: string): Promise<ApiResult<Job>> => request<ApiResult<Job>>({ method: 'GET', url: `api/jobs/${seg(jobId)}` });
export const getJobLog = (jobId: string, after = 0): Promise<ApiResult<JobLog>> =>
  request<ApiResult<JobLog>>({ method: 'GET', url: `api/jobs/${seg(jobId)}/log`, params: { after } });
export const cancelJob = (jobId: string): Promise<ApiResult<Job>> => request<ApiResult<Job>>({ method: 'POST', url: `api/jobs/${seg(jobId)}/cancel` });
/** Queues a new job with the same work; a backup retry resumes from the checkpoints. */
export const retryJob = (jobId: string): Promise<ApiResult<Job>> => request<ApiResult<Job>>({ method: 'POST', url: `api/jobs/${seg(jobId)}/retry` });
export const getJobDownloadLink = (jobId: string): Promise<ApiResult<DownloadLink>> =>
  request<ApiResult<DownloadLink>>({ method: 'GET', url: `api/jobs/${seg(jobId)}/download-link` });
