const { createConfig } = require('@portal/mf-build');

module.exports = createConfig({
  name: 'account_settings',
  dir: __dirname,
  exposes: {
    './ProfilePage': './src/app/exposes/profile-page.ts',
    './WhitelabelPage': './src/app/exposes/whitelabel-page.ts',
    './NotificationPage': './src/app/exposes/notification-page.ts',
    './ApiKeysPage': './src/app/exposes/api-keys-page.ts',
    './WebhooksPage': './src/app/exposes/webhooks-page.ts',
    './UsagePage': './src/app/exposes/usage-page.ts',
    './ChangePasswordDialog': './src/app/exposes/change-password-dialog.ts',
  },
});
