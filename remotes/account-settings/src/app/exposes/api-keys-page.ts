// The host's React.lazy needs a default export; features keep named exports.
export { ApiKeysPage as default } from '../../features/api-keys/components/api-keys-page';
