// The host's React.lazy needs a default export; features keep named exports.
export { WebhooksPage as default } from '../../features/webhooks/components/webhooks-page';
