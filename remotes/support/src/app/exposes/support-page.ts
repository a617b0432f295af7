// The host's React.lazy needs a default export; features keep named exports.
export { SupportPage as default } from '../../features/tickets/components/support-page';
