// The host's React.lazy needs a default export; features keep named exports.
export { RestorePage as default } from '../../features/restore/components/restore-page';
