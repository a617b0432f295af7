import { ParameterisedPlaceholder } from '../../../components/parameterised-placeholder';

export function ViewUsersPage() {
  return <ParameterisedPlaceholder title="View Users" />;
}
