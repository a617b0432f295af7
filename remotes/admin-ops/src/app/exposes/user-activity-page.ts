// The host's React.lazy needs a default export; features keep named exports.
export { UserActivityPage as default } from '../../features/user-activity/components/user-activity-page';
