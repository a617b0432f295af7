// The host's React.lazy needs a default export; features keep named exports.
export { JobsPage as default } from '../../features/jobs/components/jobs-page';
