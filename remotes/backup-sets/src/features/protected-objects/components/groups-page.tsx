import { ProtectedObjectsView } from './protected-objects-view';

/** /groups/{backupSetType}/{backupSetId}/{from}: the set's groups with the same facts as its users. */
export function GroupsPage() {
  return <ProtectedObjectsView kind="group" editable />;
}
