// The host's React.lazy needs a default export; features keep named exports.
export { UserManagementPage as default } from '../../features/user-management/components/user-management-page';
