// The host's React.lazy needs a default export; features keep named exports.
export { HealthCheckPage as default } from '../../features/health-check/components/health-check-page';
