const { createConfig } = require('@portal/mf-build');

module.exports = createConfig({
  name: 'admin_ops',
  dir: __dirname,
  exposes: {
    './HealthCheckPage': './src/app/exposes/health-check-page.ts',
    './UserManagementPage': './src/app/exposes/user-management-page.ts',
    './UserActivityPage': './src/app/exposes/user-activity-page.ts',
    './GrafanaPage': './src/app/exposes/grafana-page.ts',
    './OperatorPage': './src/app/exposes/operator-page.ts',
    './AlertsPage': './src/app/exposes/alerts-page.ts',
    './AcceptInvitePage': './src/app/exposes/accept-invite-page.ts',
    './OutboxPage': './src/app/exposes/outbox-page.ts',
  },
});
