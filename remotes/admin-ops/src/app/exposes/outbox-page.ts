// The host's React.lazy needs a default export; features keep named exports.
export { OutboxPage as default } from '../../features/outbox/components/outbox-page';
