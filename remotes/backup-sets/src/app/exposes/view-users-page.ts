// The host's React.lazy needs a default export; features keep named exports.
export { ViewUsersPage as default } from '../../features/protected-objects/components/view-users-page';
