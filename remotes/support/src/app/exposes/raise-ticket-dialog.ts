// The host's React.lazy needs a default export; features keep named exports.
export { RaiseTicketDialog as default } from '../../features/tickets/components/raise-ticket-dialog';
