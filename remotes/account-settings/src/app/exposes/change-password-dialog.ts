// The host's React.lazy needs a default export; features keep named exports.
export { ChangePasswordDialog as default } from '../../features/change-password/components/change-password-dialog';
