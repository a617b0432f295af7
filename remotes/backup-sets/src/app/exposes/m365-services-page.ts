// The host's React.lazy needs a default export; features keep named exports.
export { M365ServicesPage as default } from '../../features/m365-services/components/m365-services-page';
