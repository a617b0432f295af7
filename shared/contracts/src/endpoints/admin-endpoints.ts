import { adminAccess as admin, defineEndpoints, publicAccess, sessionAccess as session, withApiKeys } from '../endpoint';
import {
  acceptInviteRequestSchema,
  adminMessageSchema,
  auditListQuerySchema,
  auditPageSchema,
  auditVerifySchema,
  createOrganisationRequestSchema,
  inviteUserRequestSchema,
  managedUserIdParamsSchema,
  managedUserListSchema,
  managedUserSchema,
  organisationIdParamsSchema,
  organisationNodeSchema,
  organisationTreeSchema,
  updateManagedUserRequestSchema,
  updateOrganisationRequestSchema,
} from '../admin';
import { alertIdParamsSchema, alertListQuerySchema, alertListSchema, alertSchema } from '../admin-ops-alerts';
import { dashboardSummarySchema } from '../admin-ops-dashboard';
import { healthSchema } from '../admin-ops-health';
import { maintenanceStatusSchema, maintenanceUpdateSchema, metricsConfigSchema, metricsHistoryQuerySchema, metricsHistorySchema } from '../admin-ops-metrics';
import {
  engineWorkerListSchema,
  operatorJobIdParamsSchema,
  operatorJobListQuerySchema,
  operatorJobPageSchema,
  operatorJobSchema,
} from '../admin-ops-operator-jobs';
import {
  canaryListSchema,
  canaryResponseSchema,
  publishRemoteRequestSchema,
  remoteAlertsSchema,
  remoteListSchema,
  remoteNameParamsSchema,
  remoteOperationAuditSchema,
  remoteOperationResponseSchema,
  rollbackCanaryRequestSchema,
  rollbackRemoteRequestSchema,
  startCanaryRequestSchema,
} from '../remotes';
import { updateUserAccessRequestSchema } from '../user-access';
import { publicMaintenanceEndpoints } from './public-maintenance-endpoints';
import { REMOTES_TAG, remoteReportEndpoints } from './remote-report-endpoints';
import { firstPageRoutes } from './first-page-routes';

/** The tiers that manage organisations and users below them. */
const manager = { kind: 'session', roles: ['ADMIN', 'PARTNER', 'DIRECTPARTNER'] } as const;
// What an organisation's API key may read or do besides the backup routes: the organisation tree and
// its users, the audit log, alerts and the dashboard's figures. Changing users and organisations stays
// with people.
const managerOrKey = withApiKeys(manager);
const sessionOrKey = withApiKeys(session);

const users = 'User management';
const audit = 'Audit log';
const alerts = 'Alerts';
const operator = 'Operator';
const metrics = 'Metrics';
const remotes = REMOTES_TAG;

/**
 * User management, audit, alerts, dashboard, operator, maintenance, metrics, remote operations,
 * health. Tenancy comes from the verified token: anything outside the caller's subtree answers 404.
 */
export const adminEndpoints = defineEndpoints({
  // User management: the caller's organisation subtree and its users.
  getOrganisationTree: {
    method: 'GET', path: '/admin/organisations', tag: users, access: managerOrKey,
    summary: "The caller's organisation and every organisation below it, with the kinds it may create",
    response: { status: 200, schema: organisationTreeSchema },
  },
  createManagedOrganisation: {
    method: 'POST', path: '/admin/organisations', tag: users, access: manager,
    summary: "Create an organisation directly below the caller's",
    body: createOrganisationRequestSchema, response: { status: 201, schema: organisationNodeSchema },
  },
  updateManagedOrganisation: {
    method: 'PATCH', path: '/admin/organisations/:orgId', tag: users, access: manager,
    summary: 'Rename, suspend or reinstate an organisation below the caller, or change its MFA requirement',
    params: organisationIdParamsSchema, body: updateOrganisationRequestSchema, response: { status: 200, schema: organisationNodeSchema },
  },
  deleteManagedOrganisation: {
    method: 'DELETE', path: '/admin/organisations/:orgId', tag: users, access: manager,
    summary: 'Delete an empty organisation below the caller',
    params: organisationIdParamsSchema, response: { status: 200, schema: adminMessageSchema },
  },
  listOrganisationUsers: {
    method: 'GET', path: '/admin/organisations/:orgId/users', tag: users, access: managerOrKey,
    summary: "The users of an organisation in the caller's subtree",
    params: organisationIdParamsSchema, response: { status: 200, schema: managedUserListSchema },
  },
  inviteOrganisationUser: {
    method: 'POST', path: '/admin/organisations/:orgId/users', tag: users, access: manager,
    summary: 'Create a user in an organisation of the subtree and e-mail them an invitation link',
    params: organisationIdParamsSchema, body: inviteUserRequestSchema, response: { status: 201, schema: managedUserSchema },
  },
  updateManagedUser: {
    method: 'PATCH', path: '/admin/users/:userId', tag: users, access: manager,
    summary: "Suspend (ending the user's sessions) or reinstate a user of the subtree",
    params: managedUserIdParamsSchema, body: updateManagedUserRequestSchema, response: { status: 200, schema: managedUserSchema },
  },
  updateManagedUserAccess: {
    method: 'PUT', path: '/admin/users/:userId/access', tag: users, access: manager,
    summary: "Change a user's access level within its tier",
    params: managedUserIdParamsSchema, body: updateUserAccessRequestSchema, response: { status: 200, schema: managedUserSchema },
  },
  resetManagedUserMfa: {
    method: 'POST', path: '/admin/users/:userId/reset-mfa', tag: users, access: manager,
    summary: "Clear a user's second factor (audited, and raised as a security alert)",
    params: managedUserIdParamsSchema, response: { status: 200, schema: managedUserSchema },
  },
  acceptInvitation: {
    method: 'POST', path: '/api/invitations/accept', tag: users, access: publicAccess,
    summary: "The invitee sets a password with the invitation link's single-use token",
    body: acceptInviteRequestSchema, response: { status: 200, schema: adminMessageSchema },
  },

  // The audit log (/user-activity).
  listAuditLog: {
    method: 'GET', path: '/admin/audit', tag: audit, access: sessionOrKey,
    summary: "Audit entries of the caller's subtree, newest first, a page at a time",
    query: auditListQuerySchema, response: { status: 200, schema: auditPageSchema },
  },
  downloadAuditCsv: {
    method: 'GET', path: '/admin/audit.csv', tag: audit, access: sessionOrKey,
    summary: "The audit entries of the caller's subtree that match the filters, as a CSV file",
    query: auditListQuerySchema,
    response: { status: 200, schema: { contentType: 'text/csv', description: 'The matching entries as CSV (user-activity.csv)' } },
  },
  verifyAuditLog: {
    method: 'GET', path: '/admin/audit/verify', tag: audit, access: admin,
    summary: "Check the whole audit log's hash chain and report any broken entry",
    response: { status: 200, schema: auditVerifySchema },
  },

  // Alerts (/alerts): each role handles those of its subtree.
  listAlerts: {
    method: 'GET', path: '/api/alerts', tag: alerts, access: sessionOrKey,
    summary: "Alerts of the caller's subtree, filtered by severity, status (active by default) and kind",
    query: alertListQuerySchema, response: { status: 200, schema: alertListSchema },
  },
  acknowledgeAlert: {
    method: 'POST', path: '/api/alerts/:id/acknowledge', tag: alerts, access: sessionOrKey,
    summary: 'Acknowledge an alert the caller can see',
    params: alertIdParamsSchema, response: { status: 200, schema: alertSchema },
  },
  resolveAlert: {
    method: 'POST', path: '/api/alerts/:id/resolve', tag: alerts, access: sessionOrKey,
    summary: 'Resolve an alert the caller can see',
    params: alertIdParamsSchema, response: { status: 200, schema: alertSchema },
  },

  getDashboardSummary: {
    ...firstPageRoutes.getDashboardSummary, tag: 'Dashboard',
    summary: "The dashboard summary of the caller's subtree",
    response: { status: 200, schema: dashboardSummarySchema },
  },

  // The operator console: job queue, workers, maintenance mode.
  listOperatorJobs: {
    method: 'GET', path: '/api/operator/jobs', tag: operator, access: admin,
    summary: 'Running and queued backup jobs, running first, a page at a time',
    query: operatorJobListQuerySchema, response: { status: 200, schema: operatorJobPageSchema },
  },
  cancelOperatorJob: {
    method: 'POST', path: '/api/operator/jobs/:id/cancel', tag: operator, access: admin,
    summary: 'Cancel a queued job at once, or a running one at its next checkpoint',
    params: operatorJobIdParamsSchema, response: { status: 200, schema: operatorJobSchema },
  },
  listEngineWorkers: {
    method: 'GET', path: '/api/operator/workers', tag: operator, access: admin,
    summary: "The backup engine's workers and their last heartbeats",
    response: { status: 200, schema: engineWorkerListSchema },
  },
  ...publicMaintenanceEndpoints,
  getMaintenance: {
    method: 'GET', path: '/api/operator/maintenance', tag: 'Maintenance', access: admin,
    summary: 'The maintenance mode setting, for the operator',
    response: { status: 200, schema: maintenanceStatusSchema },
  },
  setMaintenance: {
    method: 'PUT', path: '/api/operator/maintenance', tag: 'Maintenance', access: admin,
    summary: 'Switch maintenance mode on (with its message) or off',
    body: maintenanceUpdateSchema, response: { status: 200, schema: maintenanceStatusSchema },
  },

  // Metrics: Prometheus, and the /grafana page.
  scrapeMetrics: {
    method: 'GET', path: '/api/metrics', tag: metrics, access: { kind: 'scrape' },
    summary: 'HTTP, backup and process metrics in the Prometheus text format',
    response: { status: 200, schema: { contentType: 'text/plain; version=0.0.4', description: 'Prometheus text exposition format' } },
  },
  getMetricsConfig: {
    method: 'GET', path: '/api/metrics/config', tag: metrics, access: admin,
    summary: "The /grafana page's settings (the Grafana URL, if one is configured)",
    response: { status: 200, schema: metricsConfigSchema },
  },
  getMetricsHistory: {
    method: 'GET', path: '/api/metrics/history', tag: metrics, access: admin,
    summary: 'Request, gauge and job history over a range, one point per step',
    query: metricsHistoryQuerySchema, response: { status: 200, schema: metricsHistorySchema },
  },

  getHealth: {
    method: 'GET', path: '/api/health', tag: 'Health', access: admin,
    summary: 'Every part the portal depends on, checked now, with the overall status',
    response: { status: 200, schema: healthSchema },
  },

  // Remote (micro-frontend) deploys and rollbacks, and the browsers' reports.
  listRemoteVersions: {
    method: 'GET', path: '/api/remotes', tag: remotes, access: admin,
    summary: 'Every remote with its live version, releases and rollback target',
    response: { status: 200, schema: remoteListSchema },
  },
  listRemoteOperations: {
    method: 'GET', path: '/api/remotes/operations', tag: remotes, access: admin,
    summary: 'The latest 200 remote publishes and rollbacks, newest first',
    response: { status: 200, schema: remoteOperationAuditSchema },
  },
  listRemoteAlerts: {
    method: 'GET', path: '/api/remotes/alerts', tag: remotes, access: admin,
    summary: 'The latest 200 alerts raised by remote failures',
    response: { status: 200, schema: remoteAlertsSchema },
  },
  publishRemoteVersion: {
    method: 'POST', path: '/api/remotes/:name/releases', tag: remotes, access: admin,
    summary: "Record a version folder already in the remote store and make it the remote's live version",
    params: remoteNameParamsSchema, body: publishRemoteRequestSchema, response: { status: 200, schema: remoteOperationResponseSchema },
  },
  rollbackRemoteVersion: {
    method: 'POST', path: '/api/remotes/:name/rollback', tag: remotes, access: admin,
    summary: 'Move a remote back to the version live before the current one, or to a named version',
    params: remoteNameParamsSchema, body: rollbackRemoteRequestSchema.nullish(), response: { status: 200, schema: remoteOperationResponseSchema },
  },
  listRemoteCanaries: {
    method: 'GET', path: '/api/remotes/canaries', tag: remotes, access: admin,
    summary: "The latest canary of each remote (running or ended), with its and the current version's loads and failures since it started",
    response: { status: 200, schema: canaryListSchema },
  },
  startRemoteCanary: {
    method: 'POST', path: '/api/remotes/:name/canary', tag: remotes, access: admin,
    summary: 'Serve a version already in the remote store to a share of sessions (sticky per session); the rest keep the current version',
    params: remoteNameParamsSchema, body: startCanaryRequestSchema, response: { status: 200, schema: canaryResponseSchema },
  },
  promoteRemoteCanary: {
    method: 'POST', path: '/api/remotes/:name/canary/promote', tag: remotes, access: admin,
    summary: "Make the remote's running canary the live version for everyone",
    params: remoteNameParamsSchema, response: { status: 200, schema: canaryResponseSchema },
  },
  rollbackRemoteCanary: {
    method: 'POST', path: '/api/remotes/:name/canary/rollback', tag: remotes, access: admin,
    summary: "Stop serving the remote's running canary: every session gets the live version again",
    params: remoteNameParamsSchema, body: rollbackCanaryRequestSchema.nullish(), response: { status: 200, schema: canaryResponseSchema },
  },
  // Reported from every signed-in page: a module of their own, so a page loads only these two.
  ...remoteReportEndpoints,
});
