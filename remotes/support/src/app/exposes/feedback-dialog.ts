// The host's React.lazy needs a default export; features keep named exports.
export { FeedbackDialog as default } from '../../features/feedback/components/feedback-dialog';
