import { ProtectedObjectsView } from './protected-objects-view';

/** /view-users/{backupSetType}/{backupSetId}/{from}: the set's users; add and remove them. */
export function ViewUsersPage() {
  return <ProtectedObjectsView kind="user" editable />;
}
