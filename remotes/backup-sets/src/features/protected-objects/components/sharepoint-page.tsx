import { ProtectedObjectsView } from './protected-objects-view';

/** /sharepoint/{backupSetType}/{backupSetId}/{from}: the set's sites with the same facts as its users. */
export function SharepointPage() {
  return <ProtectedObjectsView kind="site" editable />;
}
