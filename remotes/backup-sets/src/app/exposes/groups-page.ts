// The host's React.lazy needs a default export; features keep named exports.
export { GroupsPage as default } from '../../features/m365-services/components/groups-page';
