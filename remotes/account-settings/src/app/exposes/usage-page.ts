// The host's React.lazy needs a default export; features keep named exports.
export { UsagePage as default } from '../../features/usage/components/usage-page';
