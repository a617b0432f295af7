// The host's React.lazy needs a default export; features keep named exports.
export { FeedbacksPage as default } from '../../features/feedback/components/feedbacks-page';
