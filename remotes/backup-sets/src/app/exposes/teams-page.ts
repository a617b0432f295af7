// The host's React.lazy needs a default export; features keep named exports.
export { TeamsPage as default } from '../../features/m365-services/components/teams-page';
