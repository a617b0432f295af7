import { ParameterisedPlaceholder } from '../../../components/parameterised-placeholder';

export function TeamsPage() {
  return <ParameterisedPlaceholder title="Teams" />;
}
