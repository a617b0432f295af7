// The host's React.lazy needs a default export; features keep named exports.
export { WhitelabelPage as default } from '../../features/whitelabel/components/whitelabel-page';
