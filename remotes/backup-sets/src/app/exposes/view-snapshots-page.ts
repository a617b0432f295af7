// The host's React.lazy needs a default export; features keep named exports.
export { ViewSnapshotsPage as default } from '../../features/snapshots/components/view-snapshots-page';
