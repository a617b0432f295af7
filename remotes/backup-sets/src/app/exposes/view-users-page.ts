// The host's React.lazy needs a default export; features keep named exports.
export { ViewUsersPage as default } from '../../features/backup-set-users/components/view-users-page';
