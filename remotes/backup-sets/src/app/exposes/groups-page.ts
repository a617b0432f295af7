// The host's React.lazy needs a default export; features keep named exports.
export { GroupsPage as default } from '../../features/protected-objects/components/groups-page';
