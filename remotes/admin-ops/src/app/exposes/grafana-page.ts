// The host's React.lazy needs a default export; features keep named exports.
export { GrafanaPage as default } from '../../features/grafana/components/grafana-page';
