// The host's React.lazy needs a default export; features keep named exports.
export { AlertsPage as default } from '../../features/alerts/components/alerts-page';
