import { z } from 'zod';
import { isCalendarDate, storableString } from './storable';
import { blankToUndefined, idField, pageOf, pageSizeParam, searchParam } from './paging';
import { BACKUP_SERVICES, type BackupService } from './labels';

export { BACKUP_SERVICE_LABELS, BACKUP_SERVICES, type BackupService } from './labels';

// Backup service: connected M365 tenants, backup sets, protected objects, snapshots, item
// search, restores, snapshot mappings and jobs. The API validates requests with these schemas and
// the backup-sets pages use the same ones in their forms, so both sides agree.

export const BACKUP_PAGE_SIZE_DEFAULT = 25;
export const BACKUP_PAGE_SIZE_MAX = 500;
export const BACKUP_SEARCH_MAX_LENGTH = 200;
export const BACKUP_NAME_MAX_LENGTH = 100;
export const RETENTION_DAYS_MAX = 3650;

export const BACKUP_MESSAGES = Object.freeze({
  nameRequired: 'Name is a required field',
  tenantIdRequired: 'Tenant ID is a required field',
  clientIdRequired: 'Client ID is a required field',
  clientSecretRequired: 'Client secret is a required field',
  graphBaseUrlInvalid: 'must be a valid URL',
  graphBaseUrlNotAllowed: 'Graph base URL must be a Microsoft Graph endpoint, such as https://graph.microsoft.com/v1.0',
  authorityUrlNotAllowed: 'Authority URL must be a Microsoft sign-in endpoint, such as https://login.microsoftonline.com',
  secretExpiryInvalid: 'must be a valid date',
  secretExpiryPast: 'The secret expiry date cannot be in the past',
  characterLimitExceeded: 'Character Limit Exceeded',
  servicesRequired: 'Choose at least one service',
  scopeObjectsRequired: 'Choose at least one user, site, group or team',
  serviceNotInType: 'This service is not part of the backup set type',
  tenantConnected: 'Tenant connected.',
  tenantDeleted: 'Tenant disconnected.',
  tenantInUse: 'This tenant still has backup sets',
  setCreated: 'Backup set created.',
  setUpdated: 'Backup set updated.',
  setDeleted: 'Backup set and its stored data deleted.',
  setPaused: 'Backup set paused.',
  setResumed: 'Backup set resumed.',
  backupAlreadyRunning: 'A backup of this set is already running',
  jobCancelRequested: 'Cancellation requested.',
  jobNotCancellable: 'This job has already finished',
  jobNotRetryable: 'Only failed, cancelled or warning jobs can be retried',
  restoreSelectionRequired: 'Choose items, folders or a whole snapshot to restore',
  restoreTargetRequired: 'Choose the user to restore to',
  downloadNotReady: 'The download is not ready yet',
  mappingSaved: 'Snapshot mapping saved.',
  mappingDeleted: 'Snapshot mapping deleted.',
  mappingPairsRequired: 'Map at least one user',
});

// ---- Vocabulary ----------------------------------------------------------------------------------

export const BACKUP_SET_TYPES = ['m365', 'exchange', 'onedrive', 'sharepoint', 'teams'] as const;
export const backupSetTypeSchema = z.enum(BACKUP_SET_TYPES, { error: `type must be one of ${BACKUP_SET_TYPES.join(', ')}` });
export type BackupSetType = z.infer<typeof backupSetTypeSchema>;
export const BACKUP_SET_TYPE_LABELS: Record<BackupSetType, string> = {
  m365: 'Microsoft 365',
  exchange: 'Exchange Online',
  onedrive: 'OneDrive',
  sharepoint: 'SharePoint',
  teams: 'Teams',
};

export const backupServiceSchema = z.enum(BACKUP_SERVICES, { error: `service must be one of ${BACKUP_SERVICES.join(', ')}` });
/** Which services a set of each type may include (the first ones are the default selection). */
export const SERVICES_BY_SET_TYPE: Record<BackupSetType, readonly BackupService[]> = {
  m365: ['mail', 'calendar', 'contacts', 'onedrive', 'sharepoint', 'teams'],
  exchange: ['mail', 'calendar', 'contacts'],
  onedrive: ['onedrive'],
  sharepoint: ['sharepoint'],
  teams: ['teams'],
};

/** What a protected object is: a user (mailbox + OneDrive), a SharePoint site, an M365 group or a team. */
export const OBJECT_KINDS = ['user', 'site', 'group', 'team'] as const;
export const objectKindSchema = z.enum(OBJECT_KINDS, { error: `kind must be one of ${OBJECT_KINDS.join(', ')}` });
export type ObjectKind = z.infer<typeof objectKindSchema>;
/** Object kinds a set of each type protects. */
export const OBJECT_KINDS_BY_SET_TYPE: Record<BackupSetType, readonly ObjectKind[]> = {
  m365: ['user', 'site', 'team'],
  exchange: ['user'],
  onedrive: ['user'],
  sharepoint: ['site'],
  teams: ['team'],
};

export const ITEM_KINDS = ['message', 'event', 'contact', 'file', 'channelMessage'] as const;
export type ItemKind = (typeof ITEM_KINDS)[number];

export const JOB_TYPES = ['backup', 'restore'] as const;
export const jobTypeSchema = z.enum(JOB_TYPES, { error: `type must be one of ${JOB_TYPES.join(', ')}` });
export type JobType = z.infer<typeof jobTypeSchema>;
export const JOB_STATUSES = ['queued', 'running', 'succeeded', 'warning', 'failed', 'cancelled'] as const;
export const jobStatusSchema = z.enum(JOB_STATUSES, { error: `status must be one of ${JOB_STATUSES.join(', ')}` });
export type JobStatus = z.infer<typeof jobStatusSchema>;
export const FINISHED_JOB_STATUSES: readonly JobStatus[] = ['succeeded', 'warning', 'failed', 'cancelled'];
export const JOB_STATUS_LABELS: Record<JobStatus, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  warning: 'Completed with warnings',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

// ---- Shared field helpers --------------------------------------------------------------------------

function requiredText(required: string, max: number) {
  return storableString({ error: required }).superRefine((value, ctx) => {
    if (value.trim().length === 0) ctx.addIssue({ code: 'custom', message: required });
    else if (value.length > max) ctx.addIssue({ code: 'custom', message: BACKUP_MESSAGES.characterLimitExceeded });
  });
}
const pageParams = {
  page: z.preprocess(blankToUndefined, z.coerce.number({ error: 'page must be a positive number' }).int().min(1, 'page must be a positive number').default(1)),
  pageSize: pageSizeParam(BACKUP_PAGE_SIZE_MAX, BACKUP_PAGE_SIZE_DEFAULT),
  q: searchParam(BACKUP_SEARCH_MAX_LENGTH),
};
const isoDateTime = (name: string) =>
  z.preprocess(blankToUndefined, storableString().refine((v) => !Number.isNaN(Date.parse(v)), `${name} must be a date or date-time`).optional());
const optionalNumber = (name: string) =>
  z.preprocess(blankToUndefined, z.coerce.number({ error: `${name} must be a number` }).int().min(0, `${name} must not be negative`).optional());
const optionalBool = (name: string) =>
  z.preprocess(blankToUndefined, z.enum(['true', 'false'], { error: `${name} must be true or false` }).transform((v) => v === 'true').optional());

export const backupMessageSchema = z.object({ message: storableString() });
export type BackupMessage = z.infer<typeof backupMessageSchema>;

// ---- Tenants (connected M365 tenants) ---------------------------------------------------------------

const httpUrl = storableString({ error: BACKUP_MESSAGES.graphBaseUrlInvalid })
  .trim()
  .refine((v) => {
    try {
      const url = new URL(v);
      return url.protocol === 'https:' || url.protocol === 'http:';
    } catch {
      return false;
    }
  }, BACKUP_MESSAGES.graphBaseUrlInvalid);
export { GRAPH_BASE_URL_DEFAULT } from '@portal/config';

/** Yesterday in UTC: the browser's "today" may be a day behind UTC, and the server checks the same rule. */
const earliestExpiry = () => new Date(Date.now() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
/**
 * When the app's client secret expires (YYYY-MM-DD, from Entra ID's "Certificates & secrets"): the
 * portal alerts 30 days ahead. Entra ID does not tell an app its own secret's expiry.
 */
export const secretExpiryDateSchema = storableString({ error: BACKUP_MESSAGES.secretExpiryInvalid })
  .trim()
  .refine(isCalendarDate, BACKUP_MESSAGES.secretExpiryInvalid)
  .refine((v) => !isCalendarDate(v) || v >= earliestExpiry(), BACKUP_MESSAGES.secretExpiryPast);

/** Connect form: the credentials are sent once and stored sealed; the API never returns the secret. */
export const connectTenantFormSchema = z.object({
  name: requiredText(BACKUP_MESSAGES.nameRequired, BACKUP_NAME_MAX_LENGTH),
  tenantId: requiredText(BACKUP_MESSAGES.tenantIdRequired, 200),
  clientId: requiredText(BACKUP_MESSAGES.clientIdRequired, 200),
  clientSecret: requiredText(BACKUP_MESSAGES.clientSecretRequired, 1000),
  graphBaseUrl: httpUrl,
  /** Token endpoint base (login.microsoftonline.com by default; the emulator serves its own). */
  authorityUrl: z.preprocess(blankToUndefined, httpUrl.optional()),
  secretExpiresAt: z.preprocess(blankToUndefined, secretExpiryDateSchema.optional()),
});
export type ConnectTenantForm = z.infer<typeof connectTenantFormSchema>;
export const connectTenantRequestSchema = connectTenantFormSchema;
export type ConnectTenantRequest = ConnectTenantForm;

/** Edit: everything optional; a missing clientSecret keeps the stored one. */
export const updateTenantRequestSchema = z.object({
  name: requiredText(BACKUP_MESSAGES.nameRequired, BACKUP_NAME_MAX_LENGTH).optional(),
  clientId: requiredText(BACKUP_MESSAGES.clientIdRequired, 200).optional(),
  clientSecret: requiredText(BACKUP_MESSAGES.clientSecretRequired, 1000).optional(),
  graphBaseUrl: httpUrl.optional(),
  authorityUrl: z.preprocess(blankToUndefined, httpUrl.optional()),
  /** A date sets it, null (or blank) clears it, absent keeps it. */
  secretExpiresAt: z.preprocess((v) => (v === '' ? null : v), secretExpiryDateSchema.nullable().optional()),
});
export type UpdateTenantRequest = z.infer<typeof updateTenantRequestSchema>;

export const TENANT_STATUSES = ['connected', 'error', 'untested'] as const;
export const tenantSchema = z.object({
  id: storableString(),
  name: storableString(),
  tenantId: storableString(),
  clientId: storableString(),
  graphBaseUrl: storableString(),
  authorityUrl: storableString().nullable(),
  /** The organisation name Graph reported at the last successful connection test. */
  organizationName: storableString().nullable(),
  status: z.enum(TENANT_STATUSES),
  lastTestedAt: storableString().nullable(),
  lastError: storableString().nullable(),
  /** When the app's client secret expires (YYYY-MM-DD), if the user entered it. */
  secretExpiresAt: storableString().nullable(),
  /** Seeded demo tenant backed by the built-in emulator. */
  demo: z.boolean(),
  backupSetCount: z.number().int().nonnegative(),
  createdAt: storableString(),
  /** Typed app credentials, or the provider's app after an administrator's consent (Connect with Microsoft). */
  connectedVia: z.enum(['credentials', 'consent']),
  /** The Graph app roles the last successful connection test found in the token; null when not known. */
  grantedPermissions: z.array(storableString()).nullable(),
});
export type Tenant = z.infer<typeof tenantSchema>;
export const tenantListSchema = z.object({
  items: z.array(tenantSchema),
  /** Connect with Microsoft (admin consent to the provider's app) is set up on this portal; absent means no. */
  consentAvailable: z.boolean().optional(),
});
export type TenantList = z.infer<typeof tenantListSchema>;

export const connectionTestResultSchema = z.union([
  z.object({ ok: z.literal(true), organizationName: storableString() }),
  // Not `errorMessage`: a 200 answer carrying that field would read as a failed request (ApiResult).
  z.object({ ok: z.literal(false), failureReason: storableString() }),
]);
export type ConnectionTestResult = z.infer<typeof connectionTestResultSchema>;

export const tenantIdParamsSchema = z.object({ tenantId: idField('tenantId') });
export type TenantIdParams = z.infer<typeof tenantIdParamsSchema>;

/** Directory of a connected tenant (live from Graph) for choosing a set's scope. */
export const directoryQuerySchema = z.object({
  kind: objectKindSchema.default('user'),
  q: pageParams.q,
});
export type DirectoryQuery = z.infer<typeof directoryQuerySchema>;
export type DirectoryParams = Partial<{ kind: ObjectKind; q: string }>;
export const directoryEntrySchema = z.object({
  kind: objectKindSchema,
  externalId: storableString(),
  displayName: storableString(),
  /** Mail address for users and groups, web URL for sites. */
  detail: storableString().nullable(),
});
export type DirectoryEntry = z.infer<typeof directoryEntrySchema>;
export const directoryListSchema = z.object({ items: z.array(directoryEntrySchema) });
export type DirectoryList = z.infer<typeof directoryListSchema>;

// ---- Backup sets ------------------------------------------------------------------------------------

export const SCHEDULE_FREQUENCIES = ['manual', 'hourly', 'daily', 'weekly'] as const;
export const scheduleSchema = z.object({
  frequency: z.enum(SCHEDULE_FREQUENCIES, { error: `frequency must be one of ${SCHEDULE_FREQUENCIES.join(', ')}` }),
  /** UTC time of day for daily and weekly runs (minute past the hour for hourly). */
  time: storableString().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'time must be HH:MM').default('02:00'),
  /** 0 = Sunday ... 6 = Saturday, for weekly runs. */
  dayOfWeek: z.number().int().min(0).max(6).default(0),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const retentionSchema = z.object({
  /** Snapshots older than this are pruned; the newest snapshot of each object is always kept. */
  days: z.number({ error: 'Retention must be a number of days' }).int().min(1, 'Retention must be at least 1 day').max(RETENTION_DAYS_MAX, `Retention must be at most ${RETENTION_DAYS_MAX} days`),
});
export type Retention = z.infer<typeof retentionSchema>;

export const scopeObjectSchema = z.object({
  kind: objectKindSchema,
  externalId: storableString().min(1).max(300),
  displayName: storableString().max(300),
});
export type ScopeObject = z.infer<typeof scopeObjectSchema>;
export const scopeSchema = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('all') }),
  z.object({ mode: z.literal('selected'), objects: z.array(scopeObjectSchema).min(1, BACKUP_MESSAGES.scopeObjectsRequired).max(10_000) }),
]);
export type Scope = z.infer<typeof scopeSchema>;

const backupSetFields = {
  name: requiredText(BACKUP_MESSAGES.nameRequired, BACKUP_NAME_MAX_LENGTH),
  tenantId: idField('tenantId'),
  type: backupSetTypeSchema,
  scope: scopeSchema,
  services: z.array(backupServiceSchema).min(1, BACKUP_MESSAGES.servicesRequired),
  schedule: scheduleSchema,
  retention: retentionSchema,
};
function servicesFitType(value: { type?: BackupSetType; services?: BackupService[] }, ctx: z.RefinementCtx) {
  if (!value.type || !value.services) return;
  const allowed = SERVICES_BY_SET_TYPE[value.type];
  value.services.forEach((service, index) => {
    if (!allowed.includes(service)) ctx.addIssue({ code: 'custom', message: BACKUP_MESSAGES.serviceNotInType, path: ['services', index] });
  });
}
export const backupSetFormSchema = z.object(backupSetFields).superRefine(servicesFitType);
export type BackupSetForm = z.infer<typeof backupSetFormSchema>;
export const createBackupSetRequestSchema = backupSetFormSchema;
export type CreateBackupSetRequest = BackupSetForm;
/** Edit: the tenant and type of a set are fixed once it has data; everything else may change. */
export const updateBackupSetRequestSchema = z.object({
  name: backupSetFields.name.optional(),
  scope: scopeSchema.optional(),
  services: backupSetFields.services.optional(),
  schedule: scheduleSchema.optional(),
  retention: retentionSchema.optional(),
});
export type UpdateBackupSetRequest = z.infer<typeof updateBackupSetRequestSchema>;

export const BACKUP_SET_STATUSES = ['active', 'paused'] as const;
export const backupSetSchema = z.object({
  id: storableString(),
  name: storableString(),
  tenantId: storableString(),
  tenantName: storableString(),
  type: backupSetTypeSchema,
  scope: scopeSchema,
  services: z.array(backupServiceSchema),
  schedule: scheduleSchema,
  retention: retentionSchema,
  status: z.enum(BACKUP_SET_STATUSES),
  lastRunAt: storableString().nullable(),
  lastRunStatus: jobStatusSchema.nullable(),
  /** The job of the newest run (running or finished). */
  lastJobId: storableString().nullable(),
  nextRunAt: storableString().nullable(),
  protectedCount: z.number().int().nonnegative(),
  itemCount: z.number().int().nonnegative(),
  /** Logical size of the newest versions of every item (before dedup and compression). */
  sizeBytes: z.number().nonnegative(),
  /** Bytes actually stored for the tenant after dedup, compression and encryption. */
  storedBytes: z.number().nonnegative(),
  demo: z.boolean(),
  createdAt: storableString(),
  updatedAt: storableString(),
});
export type BackupSet = z.infer<typeof backupSetSchema>;
export const backupSetPageSchema = pageOf(backupSetSchema);
export type BackupSetPage = z.infer<typeof backupSetPageSchema>;

export const BACKUP_SET_SORTS = ['name', '-name', 'lastRunAt', '-lastRunAt', 'createdAt', '-createdAt', 'sizeBytes', '-sizeBytes'] as const;
export const backupSetListQuerySchema = z.object({
  ...pageParams,
  type: z.preprocess(blankToUndefined, backupSetTypeSchema.optional()),
  status: z.preprocess(blankToUndefined, z.enum(BACKUP_SET_STATUSES).optional()),
  sort: z.preprocess(blankToUndefined, z.enum(BACKUP_SET_SORTS, { error: `sort must be one of ${BACKUP_SET_SORTS.join(', ')}` }).default('name')),
});
export type BackupSetListQuery = z.infer<typeof backupSetListQuerySchema>;
export type BackupSetListParams = Partial<{ q: string; type: BackupSetType; status: 'active' | 'paused'; sort: (typeof BACKUP_SET_SORTS)[number]; page: number; pageSize: number }>;

export const setIdParamsSchema = z.object({ setId: idField('setId') });
export type SetIdParams = z.infer<typeof setIdParamsSchema>;

// ---- Protected objects, snapshots, folder tree -------------------------------------------------------

export const OBJECT_STATUSES = ['pending', 'ok', 'warning', 'failed'] as const;
export const serviceStatsSchema = z.object({
  service: backupServiceSchema,
  itemCount: z.number().int().nonnegative(),
  sizeBytes: z.number().nonnegative(),
  lastBackupAt: storableString().nullable(),
});
export type ServiceStats = z.infer<typeof serviceStatsSchema>;
export const protectedObjectSchema = z.object({
  id: storableString(),
  setId: storableString(),
  kind: objectKindSchema,
  externalId: storableString(),
  displayName: storableString(),
  detail: storableString().nullable(),
  status: z.enum(OBJECT_STATUSES),
  lastError: storableString().nullable(),
  lastBackupAt: storableString().nullable(),
  itemCount: z.number().int().nonnegative(),
  sizeBytes: z.number().nonnegative(),
  snapshotCount: z.number().int().nonnegative(),
  services: z.array(serviceStatsSchema),
});
export type ProtectedObject = z.infer<typeof protectedObjectSchema>;
export const protectedObjectPageSchema = pageOf(protectedObjectSchema);
export type ProtectedObjectPage = z.infer<typeof protectedObjectPageSchema>;
export const OBJECT_SORTS = ['displayName', '-displayName', 'lastBackupAt', '-lastBackupAt', 'sizeBytes', '-sizeBytes', 'itemCount', '-itemCount'] as const;
export const objectListQuerySchema = z.object({
  ...pageParams,
  kind: z.preprocess(blankToUndefined, objectKindSchema.optional()),
  sort: z.preprocess(blankToUndefined, z.enum(OBJECT_SORTS, { error: `sort must be one of ${OBJECT_SORTS.join(', ')}` }).default('displayName')),
});
export type ObjectListQuery = z.infer<typeof objectListQuerySchema>;
export type ObjectListParams = Partial<{ q: string; kind: ObjectKind; sort: (typeof OBJECT_SORTS)[number]; page: number; pageSize: number }>;
export const objectParamsSchema = z.object({ setId: idField('setId'), objectId: idField('objectId') });
export type ObjectParams = z.infer<typeof objectParamsSchema>;

export const snapshotSchema = z.object({
  id: storableString(),
  setId: storableString(),
  objectId: storableString(),
  jobId: storableString(),
  /** Run number within the set; the point in time the snapshot shows. */
  runSeq: z.number().int().positive(),
  takenAt: storableString(),
  status: z.enum(['ok', 'warning', 'failed']),
  failureReason: storableString().nullable(),
  itemCount: z.number().int().nonnegative(),
  sizeBytes: z.number().nonnegative(),
  addedCount: z.number().int().nonnegative(),
  changedCount: z.number().int().nonnegative(),
  removedCount: z.number().int().nonnegative(),
});
export type Snapshot = z.infer<typeof snapshotSchema>;
export const snapshotListSchema = z.object({ items: z.array(snapshotSchema) });
export type SnapshotList = z.infer<typeof snapshotListSchema>;
export const snapshotIdParamsSchema = z.object({ snapshotId: idField('snapshotId') });
export type SnapshotIdParams = z.infer<typeof snapshotIdParamsSchema>;

/** One level of a snapshot's folder tree: children of `parent` (the root level when absent). */
export const treeQuerySchema = z.object({
  parent: z.preprocess(blankToUndefined, storableString().max(1000).optional()),
});
export type TreeQuery = z.infer<typeof treeQuerySchema>;
export const treeNodeSchema = z.object({
  /** Opaque key; pass it as `parent` for the next level or as `folder` to item search. */
  key: storableString(),
  name: storableString(),
  service: backupServiceSchema,
  path: storableString(),
  itemCount: z.number().int().nonnegative(),
  hasChildren: z.boolean(),
});
export type TreeNode = z.infer<typeof treeNodeSchema>;
export const treeListSchema = z.object({ snapshot: snapshotSchema, nodes: z.array(treeNodeSchema) });
export type TreeList = z.infer<typeof treeListSchema>;

// ---- Item search ------------------------------------------------------------------------------------

export const ITEM_SORTS = ['-modifiedAt', 'modifiedAt', 'name', '-name', 'sizeBytes', '-sizeBytes', 'relevance'] as const;
export const itemSearchQuerySchema = z
  .object({
    ...pageParams,
    /** Narrow to one protected object (user, site, team). */
    objectId: z.preprocess(blankToUndefined, idField('objectId').optional()),
    /** Point in time: the items as they were in this snapshot. Without it: every stored version (all snapshots), current or deleted. */
    snapshotId: z.preprocess(blankToUndefined, idField('snapshotId').optional()),
    service: z.preprocess(blankToUndefined, backupServiceSchema.optional()),
    /** A tree node key; matches the folder and its subfolders. */
    folder: z.preprocess(blankToUndefined, storableString().max(1000).optional()),
    from: isoDateTime('from'),
    to: isoDateTime('to'),
    minSize: optionalNumber('minSize'),
    maxSize: optionalNumber('maxSize'),
    hasAttachments: optionalBool('hasAttachments'),
    sort: z.preprocess(blankToUndefined, z.enum(ITEM_SORTS, { error: `sort must be one of ${ITEM_SORTS.join(', ')}` }).default('-modifiedAt')),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), { message: 'from must not be after to', path: ['from'] })
  .refine((q) => q.minSize === undefined || q.maxSize === undefined || q.minSize <= q.maxSize, { message: 'minSize must not exceed maxSize', path: ['minSize'] });
export type ItemSearchQuery = z.infer<typeof itemSearchQuerySchema>;
export type ItemSearchParams = Partial<{
  q: string;
  objectId: string;
  snapshotId: string;
  service: BackupService;
  folder: string;
  from: string;
  to: string;
  minSize: number;
  maxSize: number;
  hasAttachments: boolean;
  sort: (typeof ITEM_SORTS)[number];
  page: number;
  pageSize: number;
}>;

export const itemSummarySchema = z.object({
  /** Id of this version of the item: what restore and download take. */
  id: storableString(),
  objectId: storableString(),
  objectName: storableString(),
  service: backupServiceSchema,
  kind: z.enum(ITEM_KINDS),
  /** Subject, event title, contact name or file name. */
  name: storableString(),
  sender: storableString().nullable(),
  recipients: z.array(storableString()),
  folderPath: storableString(),
  sizeBytes: z.number().nonnegative(),
  hasAttachments: z.boolean(),
  modifiedAt: storableString().nullable(),
  /** Run numbers between which this version existed (validTo null: still current at the last run). */
  validFromRun: z.number().int(),
  validToRun: z.number().int().nullable(),
  deleted: z.boolean(),
});
export type ItemSummary = z.infer<typeof itemSummarySchema>;
/**
 * Search totals stop at this many matches, so a broad query over a million items stays fast. A total
 * equal to the cap means "at least": show "10 000+" and keep loading pages (a virtualised list can
 * go on fetching until a page comes back shorter than pageSize).
 */
export const ITEM_TOTAL_CAP = 10_000;
/** `total` is at most ITEM_TOTAL_CAP. */
export const itemPageSchema = pageOf(itemSummarySchema);
export type ItemPage = z.infer<typeof itemPageSchema>;
export const itemIdParamsSchema = z.object({ itemId: idField('itemId') });
export type ItemIdParams = z.infer<typeof itemIdParamsSchema>;

/** Preview pane data. Mail HTML is raw from the mailbox: render it only sanitised in a sandboxed frame. */
export const itemPreviewSchema = itemSummarySchema.extend({
  contentType: storableString(),
  bodyText: storableString().nullable(),
  bodyHtml: storableString().nullable(),
  attachments: z.array(z.object({ name: storableString(), sizeBytes: z.number().nonnegative(), contentType: storableString() })),
});
export type ItemPreview = z.infer<typeof itemPreviewSchema>;

// ---- Restore ----------------------------------------------------------------------------------------

export const restoreDestinationSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('original') }),
  /** Another user of the same or another connected tenant (a snapshot mapping does this in bulk). */
  z.object({ kind: z.literal('user'), tenantId: idField('tenantId'), userExternalId: storableString().min(1, BACKUP_MESSAGES.restoreTargetRequired) }),
  /** A ZIP (EML for mail, ICS for events, VCF for contacts, original files) fetched from jobs/{id}/download. */
  z.object({ kind: z.literal('download') }),
]);
export type RestoreDestination = z.infer<typeof restoreDestinationSchema>;

export const restoreSelectionSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('items'), itemIds: z.array(idField('itemId')).min(1, BACKUP_MESSAGES.restoreSelectionRequired).max(100_000) }),
  z.object({ kind: z.literal('folders'), snapshotId: idField('snapshotId'), folders: z.array(storableString().max(1000)).min(1, BACKUP_MESSAGES.restoreSelectionRequired).max(1000) }),
  /** A whole snapshot of one object, optionally limited to some services (a mailbox, a drive). */
  z.object({ kind: z.literal('snapshot'), snapshotId: idField('snapshotId'), services: z.array(backupServiceSchema).optional() }),
]);
export type RestoreSelection = z.infer<typeof restoreSelectionSchema>;

export const createRestoreRequestSchema = z.object({
  setId: idField('setId'),
  selection: restoreSelectionSchema,
  destination: restoreDestinationSchema,
});
export type CreateRestoreRequest = z.infer<typeof createRestoreRequestSchema>;

// ---- Snapshot mappings --------------------------------------------------------------------------------

export const mappingPairSchema = z.object({
  sourceObjectId: idField('sourceObjectId'),
  targetUserExternalId: storableString().min(1, BACKUP_MESSAGES.restoreTargetRequired).max(300),
  targetDisplayName: storableString().max(300).default(''),
});
export type MappingPair = z.infer<typeof mappingPairSchema>;
export const mappingFormSchema = z.object({
  name: requiredText(BACKUP_MESSAGES.nameRequired, BACKUP_NAME_MAX_LENGTH),
  sourceSetId: idField('sourceSetId'),
  targetTenantId: idField('targetTenantId'),
  pairs: z.array(mappingPairSchema).min(1, BACKUP_MESSAGES.mappingPairsRequired).max(10_000),
});
export type MappingForm = z.infer<typeof mappingFormSchema>;
export const saveMappingRequestSchema = mappingFormSchema;
export type SaveMappingRequest = MappingForm;
export const snapshotMappingSchema = mappingFormSchema.extend({
  id: storableString(),
  sourceSetName: storableString(),
  targetTenantName: storableString(),
  pairs: z.array(mappingPairSchema.extend({ sourceDisplayName: storableString() })),
  createdAt: storableString(),
  updatedAt: storableString(),
});
export type SnapshotMapping = z.infer<typeof snapshotMappingSchema>;
export const mappingListSchema = z.object({ items: z.array(snapshotMappingSchema) });
export type MappingList = z.infer<typeof mappingListSchema>;
export const mappingIdParamsSchema = z.object({ mappingId: idField('mappingId') });
export type MappingIdParams = z.infer<typeof mappingIdParamsSchema>;
export const mappingValidationSchema = z.object({
  valid: z.boolean(),
  problems: z.array(z.object({ sourceObjectId: storableString(), targetUserExternalId: storableString(), message: storableString() })),
});
export type MappingValidation = z.infer<typeof mappingValidationSchema>;
/** Start: restore each source object's newest (or chosen) snapshot to its mapped user. */
export const startMappingRequestSchema = z.object({
  services: z.array(backupServiceSchema).optional(),
});
export type StartMappingRequest = z.infer<typeof startMappingRequestSchema>;

// ---- Jobs ---------------------------------------------------------------------------------------------

export const jobProgressSchema = z.object({
  objectsDone: z.number().int().nonnegative(),
  objectsTotal: z.number().int().nonnegative().nullable(),
  itemsDone: z.number().int().nonnegative(),
  itemsTotal: z.number().int().nonnegative().nullable(),
  bytesDone: z.number().nonnegative(),
  /** Items per second since the job started running. */
  itemsPerSecond: z.number().nonnegative(),
  bytesPerSecond: z.number().nonnegative(),
  /** Seconds left, when the total is known. */
  etaSeconds: z.number().nonnegative().nullable(),
  /** 0..100 when the total is known. */
  percent: z.number().min(0).max(100).nullable(),
});
export type JobProgress = z.infer<typeof jobProgressSchema>;
export const jobSchema = z.object({
  id: storableString(),
  type: jobTypeSchema,
  status: jobStatusSchema,
  title: storableString(),
  setId: storableString().nullable(),
  setName: storableString().nullable(),
  progress: jobProgressSchema,
  createdAt: storableString(),
  startedAt: storableString().nullable(),
  finishedAt: storableString().nullable(),
  /** Why the job failed or warned (not `errorMessage`, which ApiResult reserves for failed requests). */
  failureReason: storableString().nullable(),
  /** Objects that failed in a run that otherwise completed (status warning). */
  failedObjects: z.number().int().nonnegative(),
  /** Restores: items whose restored bytes were read back and matched the backup. */
  verifiedCount: z.number().int().nonnegative().nullable(),
  /** Restores to download: the ZIP is available at jobs/{id}/download. */
  downloadReady: z.boolean(),
  cancelRequested: z.boolean(),
  retryOf: storableString().nullable(),
});
export type Job = z.infer<typeof jobSchema>;
export const jobPageSchema = pageOf(jobSchema);
export type JobPage = z.infer<typeof jobPageSchema>;
export const JOB_SORTS = ['-createdAt', 'createdAt', '-finishedAt', 'finishedAt', 'status', '-status'] as const;
export const jobListQuerySchema = z.object({
  ...pageParams,
  type: z.preprocess(blankToUndefined, jobTypeSchema.optional()),
  status: z.preprocess(
    blankToUndefined,
    storableString()
      .transform((value) => value.split(',').filter(Boolean))
      .pipe(z.array(jobStatusSchema))
      .optional(),
  ),
  setId: z.preprocess(blankToUndefined, idField('setId').optional()),
  sort: z.preprocess(blankToUndefined, z.enum(JOB_SORTS, { error: `sort must be one of ${JOB_SORTS.join(', ')}` }).default('-createdAt')),
});
export type JobListQuery = z.infer<typeof jobListQuerySchema>;
export type JobListParams = Partial<{ q: string; type: JobType; status: string; setId: string; sort: (typeof JOB_SORTS)[number]; page: number; pageSize: number }>;
export const jobIdParamsSchema = z.object({ jobId: idField('jobId') });
export type JobIdParams = z.infer<typeof jobIdParamsSchema>;

export const jobLogEntrySchema = z.object({
  seq: z.number().int(),
  at: storableString(),
  level: z.enum(['info', 'warn', 'error']),
  message: storableString(),
});
export type JobLogEntry = z.infer<typeof jobLogEntrySchema>;
/** Poll with `after` = the last seq seen to get only new lines. */
export const jobLogQuerySchema = z.object({
  after: z.preprocess(blankToUndefined, z.coerce.number().int().min(0).default(0)),
  limit: z.preprocess(blankToUndefined, z.coerce.number().int().min(1).max(1000).default(200)),
});
export type JobLogQuery = z.infer<typeof jobLogQuerySchema>;
export const jobLogSchema = z.object({ items: z.array(jobLogEntrySchema) });
export type JobLog = z.infer<typeof jobLogSchema>;

// ---- Downloads --------------------------------------------------------------------------------------

/**
 * Binary downloads (a restore ZIP, one item's original content) go through a short-lived signed URL,
 * so the browser can open it directly without the bearer token.
 */
export const downloadLinkSchema = z.object({ url: storableString(), expiresAt: storableString() });
export type DownloadLink = z.infer<typeof downloadLinkSchema>;
export const downloadQuerySchema = z.object({ token: storableString().min(1).max(500) });
export type DownloadQuery = z.infer<typeof downloadQuerySchema>;
