import { ProtectedObjectsView } from './protected-objects-view';

/** /teams/{backupSetType}/{backupSetId}/{from}: the set's teams with the same facts as its users. */
export function TeamsPage() {
  return <ProtectedObjectsView kind="team" editable />;
}
