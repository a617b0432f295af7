import { ParameterisedPlaceholder } from '../../../components/parameterised-placeholder';

export function GroupsPage() {
  return <ParameterisedPlaceholder title="Groups" />;
}
