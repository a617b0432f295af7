// The host's React.lazy needs a default export; features keep named exports.
export { SupportTicketsPage as default } from '../../features/tickets/components/support-tickets-page';
