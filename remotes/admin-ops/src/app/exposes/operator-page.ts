// The host's React.lazy needs a default export; features keep named exports.
export { OperatorPage as default } from '../../features/operator/components/operator-page';
