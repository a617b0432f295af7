// The host's React.lazy needs a default export; features keep named exports.
export { NotificationPage as default } from '../../features/notification/components/notification-page';
