// The host's React.lazy needs a default export; features keep named exports.
export { ProfilePage as default } from '../../features/profile/components/profile-page';
