import { defineEndpoints, withApiKeys } from '../endpoint';
import {
  backupMessageSchema,
  backupSetListQuerySchema,
  backupSetPageSchema,
  backupSetSchema,
  connectionTestResultSchema,
  connectTenantRequestSchema,
  createBackupSetRequestSchema,
  createRestoreRequestSchema,
  directoryListSchema,
  directoryQuerySchema,
  downloadLinkSchema,
  downloadQuerySchema,
  itemIdParamsSchema,
  itemPageSchema,
  itemPreviewSchema,
  itemSearchQuerySchema,
  jobIdParamsSchema,
  jobListQuerySchema,
  jobLogQuerySchema,
  jobLogSchema,
  jobPageSchema,
  jobSchema,
  mappingIdParamsSchema,
  mappingListSchema,
  mappingValidationSchema,
  objectListQuerySchema,
  objectParamsSchema,
  protectedObjectPageSchema,
  protectedObjectSchema,
  saveMappingRequestSchema,
  setIdParamsSchema,
  snapshotIdParamsSchema,
  snapshotListSchema,
  snapshotMappingSchema,
  startMappingRequestSchema,
  tenantIdParamsSchema,
  tenantListSchema,
  tenantSchema,
  treeListSchema,
  treeQuerySchema,
  updateBackupSetRequestSchema,
  updateTenantRequestSchema,
} from '../backup';
import { startTenantConsentRequestSchema, tenantConsentCallbackQuerySchema, tenantConsentStartSchema } from '../tenant-consent';

// Spec section 6: Backup, Restore and Jobs are for CUSTOMER and DIRECTCUSTOMER. Every query is scoped
// to the caller's organisation, so another organisation's ids answer 404. A customer's API key does
// all of it too (a read-only key only the reads): PSA and RMM tools watch and drive backups.
const customer = withApiKeys({ kind: 'session', roles: ['CUSTOMER', 'DIRECTCUSTOMER'] });
// A signed download link's token is the permission: a browser opens the URL directly, without a session.
const signedLink = { kind: 'public' } as const;
// A partner or ADMIN may start Connect with Microsoft for a customer below it, never for anyone else.
const consentStarter = { kind: 'session', roles: ['CUSTOMER', 'DIRECTCUSTOMER', 'PARTNER', 'DIRECTPARTNER', 'ADMIN'] } as const;
// Microsoft's redirect brings the browser back without the session's bearer token: the single-use
// state (and the browser's binding cookie) is the permission.
const consentRedirect = { kind: 'public' } as const;
const backup = 'Backup';
const restore = 'Restore';
const jobs = 'Jobs';

/** Backup sets, snapshots, item search, restores and jobs. */
export const backupEndpoints = defineEndpoints({
  // Tenants
  listTenants: {
    method: 'GET', path: '/api/backup/tenants', tag: backup, access: customer, summary: "The organisation's connected Microsoft 365 tenants",
    response: { status: 200, schema: tenantListSchema },
  },
  connectTenant: {
    method: 'POST', path: '/api/backup/tenants', tag: backup, access: customer, summary: 'Connect a tenant (its credentials must pass the connection test first)',
    body: connectTenantRequestSchema, response: { status: 201, schema: tenantSchema },
  },
  testTenantCredentials: {
    method: 'POST', path: '/api/backup/tenants/test', tag: backup, access: customer, summary: 'Test tenant credentials without storing them',
    body: connectTenantRequestSchema, response: { status: 200, schema: connectionTestResultSchema },
  },
  startTenantConsent: {
    method: 'POST', path: '/api/backup/tenants/consent', tag: backup, access: consentStarter,
    summary: "Start Connect with Microsoft: Microsoft's admin consent URL, with a state good for one answer within 10 minutes",
    body: startTenantConsentRequestSchema, response: { status: 200, schema: tenantConsentStartSchema },
  },
  tenantConsentCallback: {
    method: 'GET', path: '/api/backup/tenants/consent/callback', tag: backup, access: consentRedirect,
    summary: "Microsoft's admin consent redirect: records the tenant, tests it, and sends the browser back to the portal with the outcome",
    query: tenantConsentCallbackQuerySchema,
    response: { status: 303, schema: { contentType: 'text/plain', description: 'A redirect to the portal page, `?consent=<outcome>`' } },
  },
  getTenant: {
    method: 'GET', path: '/api/backup/tenants/:tenantId', tag: backup, access: customer, summary: 'One connected tenant',
    params: tenantIdParamsSchema, response: { status: 200, schema: tenantSchema },
  },
  updateTenant: {
    method: 'PATCH', path: '/api/backup/tenants/:tenantId', tag: backup, access: customer, summary: "Change a tenant's name, credentials or secret expiry date",
    params: tenantIdParamsSchema, body: updateTenantRequestSchema, response: { status: 200, schema: tenantSchema },
  },
  deleteTenant: {
    method: 'DELETE', path: '/api/backup/tenants/:tenantId', tag: backup, access: customer, summary: 'Disconnect a tenant that no backup set uses',
    params: tenantIdParamsSchema, response: { status: 200, schema: backupMessageSchema },
  },
  testTenantConnection: {
    method: 'POST', path: '/api/backup/tenants/:tenantId/test', tag: backup, access: customer, summary: "Test a connected tenant's stored credentials",
    params: tenantIdParamsSchema, response: { status: 200, schema: connectionTestResultSchema },
  },
  listTenantDirectory: {
    method: 'GET', path: '/api/backup/tenants/:tenantId/directory', tag: backup, access: customer, summary: "The tenant's users, sites, groups or teams, live from Graph",
    params: tenantIdParamsSchema, query: directoryQuerySchema, response: { status: 200, schema: directoryListSchema },
  },

  // Backup sets
  listBackupSets: {
    method: 'GET', path: '/api/backup/sets', tag: backup, access: customer, summary: "The organisation's backup sets, a page at a time",
    query: backupSetListQuerySchema, response: { status: 200, schema: backupSetPageSchema },
  },
  createBackupSet: {
    method: 'POST', path: '/api/backup/sets', tag: backup, access: customer, summary: 'Create a backup set',
    body: createBackupSetRequestSchema, response: { status: 201, schema: backupSetSchema },
  },
  getBackupSet: {
    method: 'GET', path: '/api/backup/sets/:setId', tag: backup, access: customer, summary: 'One backup set',
    params: setIdParamsSchema, response: { status: 200, schema: backupSetSchema },
  },
  updateBackupSet: {
    method: 'PATCH', path: '/api/backup/sets/:setId', tag: backup, access: customer, summary: 'Change a backup set',
    params: setIdParamsSchema, body: updateBackupSetRequestSchema, response: { status: 200, schema: backupSetSchema },
  },
  deleteBackupSet: {
    method: 'DELETE', path: '/api/backup/sets/:setId', tag: backup, access: customer, summary: 'Delete a backup set, its catalog and the stored content no other set references',
    params: setIdParamsSchema, response: { status: 200, schema: backupMessageSchema },
  },
  pauseBackupSet: {
    method: 'POST', path: '/api/backup/sets/:setId/pause', tag: backup, access: customer, summary: "Pause a backup set's schedule",
    params: setIdParamsSchema, response: { status: 200, schema: backupSetSchema },
  },
  resumeBackupSet: {
    method: 'POST', path: '/api/backup/sets/:setId/resume', tag: backup, access: customer, summary: "Resume a backup set's schedule",
    params: setIdParamsSchema, response: { status: 200, schema: backupSetSchema },
  },
  runBackupSet: {
    method: 'POST', path: '/api/backup/sets/:setId/run', tag: backup, access: customer, summary: 'Queue a backup run of the set now',
    params: setIdParamsSchema, response: { status: 202, schema: jobSchema },
  },

  // Protected objects, snapshots, tree, items
  listProtectedObjects: {
    method: 'GET', path: '/api/backup/sets/:setId/objects', tag: backup, access: customer, summary: "A backup set's protected objects, a page at a time",
    params: setIdParamsSchema, query: objectListQuerySchema, response: { status: 200, schema: protectedObjectPageSchema },
  },
  getProtectedObject: {
    method: 'GET', path: '/api/backup/sets/:setId/objects/:objectId', tag: backup, access: customer, summary: 'One protected object of a backup set',
    params: objectParamsSchema, response: { status: 200, schema: protectedObjectSchema },
  },
  listSnapshots: {
    method: 'GET', path: '/api/backup/sets/:setId/objects/:objectId/snapshots', tag: backup, access: customer, summary: "A protected object's snapshots",
    params: objectParamsSchema, response: { status: 200, schema: snapshotListSchema },
  },
  getSnapshotTree: {
    method: 'GET', path: '/api/backup/snapshots/:snapshotId/tree', tag: backup, access: customer, summary: "One level of a snapshot's folder tree",
    params: snapshotIdParamsSchema, query: treeQuerySchema, response: { status: 200, schema: treeListSchema },
  },
  searchItems: {
    method: 'GET', path: '/api/backup/sets/:setId/items', tag: backup, access: customer, summary: "Search a backup set's items, a page at a time",
    params: setIdParamsSchema, query: itemSearchQuerySchema, response: { status: 200, schema: itemPageSchema },
  },
  getItemPreview: {
    method: 'GET', path: '/api/backup/items/:itemId', tag: backup, access: customer, summary: 'One backed-up item with a preview of its content',
    params: itemIdParamsSchema, response: { status: 200, schema: itemPreviewSchema },
  },
  getItemDownloadLink: {
    method: 'GET', path: '/api/backup/items/:itemId/download-link', tag: backup, access: customer, summary: "A short-lived signed link to an item's original content",
    params: itemIdParamsSchema, response: { status: 200, schema: downloadLinkSchema },
  },
  downloadItem: {
    method: 'GET', path: '/api/backup/items/:itemId/download', tag: backup, access: signedLink, summary: "An item's original content, for a signed link's token",
    params: itemIdParamsSchema, query: downloadQuerySchema,
    response: { status: 200, schema: { contentType: 'application/octet-stream', description: "The item's original content as an attachment, with its own content type" } },
  },

  // Restores and snapshot mappings
  createRestore: {
    method: 'POST', path: '/api/backup/restores', tag: restore, access: customer, summary: 'Queue a restore job',
    body: createRestoreRequestSchema, response: { status: 202, schema: jobSchema },
  },
  listMappings: {
    method: 'GET', path: '/api/backup/mappings', tag: restore, access: customer, summary: "The organisation's snapshot mappings",
    response: { status: 200, schema: mappingListSchema },
  },
  createMapping: {
    method: 'POST', path: '/api/backup/mappings', tag: restore, access: customer, summary: 'Save a new snapshot mapping',
    body: saveMappingRequestSchema, response: { status: 201, schema: snapshotMappingSchema },
  },
  getMapping: {
    method: 'GET', path: '/api/backup/mappings/:mappingId', tag: restore, access: customer, summary: 'One snapshot mapping',
    params: mappingIdParamsSchema, response: { status: 200, schema: snapshotMappingSchema },
  },
  updateMapping: {
    method: 'PUT', path: '/api/backup/mappings/:mappingId', tag: restore, access: customer, summary: 'Replace a snapshot mapping',
    params: mappingIdParamsSchema, body: saveMappingRequestSchema, response: { status: 200, schema: snapshotMappingSchema },
  },
  deleteMapping: {
    method: 'DELETE', path: '/api/backup/mappings/:mappingId', tag: restore, access: customer, summary: 'Delete a snapshot mapping',
    params: mappingIdParamsSchema, response: { status: 200, schema: backupMessageSchema },
  },
  validateMapping: {
    method: 'POST', path: '/api/backup/mappings/:mappingId/validate', tag: restore, access: customer,
    summary: 'Check that every target user exists and every source has a snapshot to restore',
    params: mappingIdParamsSchema, response: { status: 200, schema: mappingValidationSchema },
  },
  startMapping: {
    method: 'POST', path: '/api/backup/mappings/:mappingId/start', tag: restore, access: customer,
    summary: "Queue one restore job of every mapped source user's newest snapshot to its target",
    params: mappingIdParamsSchema, body: startMappingRequestSchema, response: { status: 202, schema: jobSchema },
  },

  // Jobs
  listJobs: {
    method: 'GET', path: '/api/jobs', tag: jobs, access: customer, summary: "The organisation's backup and restore jobs, a page at a time",
    query: jobListQuerySchema, response: { status: 200, schema: jobPageSchema },
  },
  getJob: {
    method: 'GET', path: '/api/jobs/:jobId', tag: jobs, access: customer, summary: 'One job with its progress',
    params: jobIdParamsSchema, response: { status: 200, schema: jobSchema },
  },
  getJobLog: {
    method: 'GET', path: '/api/jobs/:jobId/log', tag: jobs, access: customer, summary: "A job's log lines after a given sequence number",
    params: jobIdParamsSchema, query: jobLogQuerySchema, response: { status: 200, schema: jobLogSchema },
  },
  cancelJob: {
    method: 'POST', path: '/api/jobs/:jobId/cancel', tag: jobs, access: customer, summary: 'Ask a queued or running job to stop',
    params: jobIdParamsSchema, response: { status: 200, schema: jobSchema },
  },
  retryJob: {
    method: 'POST', path: '/api/jobs/:jobId/retry', tag: jobs, access: customer, summary: 'Queue a new job with the same work (a backup resumes from its checkpoints)',
    params: jobIdParamsSchema, response: { status: 202, schema: jobSchema },
  },
  getJobDownloadLink: {
    method: 'GET', path: '/api/jobs/:jobId/download-link', tag: jobs, access: customer, summary: "A short-lived signed link to a download restore's ZIP",
    params: jobIdParamsSchema, response: { status: 200, schema: downloadLinkSchema },
  },
  downloadJob: {
    method: 'GET', path: '/api/jobs/:jobId/download', tag: jobs, access: signedLink, summary: "A download restore's ZIP, for a signed link's token",
    params: jobIdParamsSchema, query: downloadQuerySchema,
    response: { status: 200, schema: { contentType: 'application/zip', description: 'The restored items as a ZIP attachment' } },
  },
});
