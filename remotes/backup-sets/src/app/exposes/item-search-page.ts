// The host's React.lazy needs a default export; features keep named exports.
export { ItemSearchPage as default } from '../../features/item-search/components/item-search-page';
