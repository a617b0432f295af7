// The remote is consumed through remoteEntry.js; this entry only lists what it exposes when the
// bundle is opened on its own page (a #root element). It stays free of React so it adds no weight.
export const EXPOSES = ['./ProfilePage', './WhitelabelPage', './NotificationPage', './ApiKeysPage', './WebhooksPage', './UsagePage', './ChangePasswordDialog'];

const container = typeof document === 'undefined' ? null : document.getElementById('root');
if (container) {
  container.textContent = `account_settings remote exposes: ${EXPOSES.join(', ')}`;
}
