// The host's React.lazy needs a default export; features keep named exports.
export { SharepointPage as default } from '../../features/protected-objects/components/sharepoint-page';
