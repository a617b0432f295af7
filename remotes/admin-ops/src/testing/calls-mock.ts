// Every call of @portal/contracts/calls that this remote's pages make, as a bare jest.fn(): a test
// gives answers to the ones it is about. The jest.mock() call stays in each test file (it is hoisted):
// jest.mock('@portal/contracts/calls', () => jest.requireActual('<path>/testing/calls-mock').callsMock());
export const callsMock = () => ({
  // User management
  getOrganisationTree: jest.fn(),
  createManagedOrganisation: jest.fn(),
  updateManagedOrganisation: jest.fn(),
  deleteManagedOrganisation: jest.fn(),
  listOrganisationUsers: jest.fn(),
  inviteOrganisationUser: jest.fn(),
  updateManagedUser: jest.fn(),
  updateManagedUserAccess: jest.fn(),
  resetManagedUserMfa: jest.fn(),
  acceptInvitation: jest.fn(),
  startTenantConsent: jest.fn(),
  // Alerts and the audit log
  listAlerts: jest.fn(),
  acknowledgeAlert: jest.fn(),
  resolveAlert: jest.fn(),
  listAuditLog: jest.fn(),
  verifyAuditLog: jest.fn(),
  // Operations: health, metrics, remotes, workers, jobs, maintenance, the demo outbox
  getHealth: jest.fn(),
  getMetricsConfig: jest.fn(),
  getMetricsHistory: jest.fn(),
  listRemoteVersions: jest.fn(),
  rollbackRemoteVersion: jest.fn(),
  listRemoteCanaries: jest.fn().mockResolvedValue({ canaries: [] }),
  promoteRemoteCanary: jest.fn(),
  startRemoteCanary: jest.fn(),
  rollbackRemoteCanary: jest.fn(),
  listEngineWorkers: jest.fn(),
  listOperatorJobs: jest.fn(),
  cancelOperatorJob: jest.fn(),
  getMaintenance: jest.fn(),
  setMaintenance: jest.fn(),
  getDemoOutbox: jest.fn(),
});
