// The host's React.lazy needs a default export; features keep named exports.
export { SnapshotMappingPage as default } from '../../features/snapshot-mapping/components/snapshot-mapping-page';
