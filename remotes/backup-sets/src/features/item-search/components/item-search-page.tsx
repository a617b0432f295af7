import { ParameterisedPlaceholder } from '../../../components/parameterised-placeholder';

export function ItemSearchPage() {
  return <ParameterisedPlaceholder title="Item Search" />;
}
