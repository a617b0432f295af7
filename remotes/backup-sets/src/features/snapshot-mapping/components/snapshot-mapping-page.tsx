import { NotBuiltYet } from '@portal/ui';

export function SnapshotMappingPage() {
  return <NotBuiltYet title="Snapshot Mapping" />;
}
