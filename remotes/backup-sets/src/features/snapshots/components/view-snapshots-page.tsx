import { ParameterisedPlaceholder } from '../../../components/parameterised-placeholder';

export function ViewSnapshotsPage() {
  return <ParameterisedPlaceholder title="View Snapshots" />;
}
