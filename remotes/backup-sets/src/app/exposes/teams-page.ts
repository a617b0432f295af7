// The host's React.lazy needs a default export; features keep named exports.
export { TeamsPage as default } from '../../features/protected-objects/components/teams-page';
