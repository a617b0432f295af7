// Every call of @portal/contracts/calls that this remote's pages make, as a bare jest.fn(): a test
// gives answers to the ones it is about. The jest.mock() call stays in each test file (it is hoisted):
// jest.mock('@portal/contracts/calls', () => jest.requireActual('<path>/testing/calls-mock').callsMock());
export const callsMock = () => ({
  // Profile, its picture and sessions
  getProfile: jest.fn(),
  getAccountProfile: jest.fn(),
  updateProfile: jest.fn(),
  uploadProfileImage: jest.fn(),
  commitProfileImage: jest.fn(),
  listSessions: jest.fn(),
  revokeSession: jest.fn(),
  revokeAllSessions: jest.fn(),
  // Password and MFA
  changePassword: jest.fn(),
  signout: jest.fn(),
  startMfaSetup: jest.fn(),
  enableMfa: jest.fn(),
  requestMfaChallenge: jest.fn(),
  disableMfa: jest.fn(),
  // White-label and its sender address
  getWhitelabel: jest.fn(),
  updateWhitelabel: jest.fn(),
  uploadWhitelabelImage: jest.fn(),
  commitWhitelabelImage: jest.fn(),
  sendWhitelabelSenderCode: jest.fn(),
  verifyWhitelabelSender: jest.fn(),
  // The organisation's API keys
  listApiKeys: jest.fn(),
  createApiKey: jest.fn(),
  revokeApiKey: jest.fn(),
  // The organisation's webhooks
  listWebhooks: jest.fn(),
  createWebhook: jest.fn(),
  updateWebhook: jest.fn(),
  deleteWebhook: jest.fn(),
  listWebhookDeliveries: jest.fn(),
  resendWebhookDelivery: jest.fn(),
  // Usage feed and monthly reports
  listUsage: jest.fn(),
  listUsageCustomers: jest.fn(),
  listUsageReports: jest.fn(),
  getUsageReportDownloadLink: jest.fn(),
  // Notification settings
  getNotificationSettings: jest.fn(),
  updateNotificationSettings: jest.fn(),
});
