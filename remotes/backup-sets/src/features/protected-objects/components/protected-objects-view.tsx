import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import { BACKUP_PAGE_SIZE_DEFAULT, BACKUP_SET_TYPE_LABELS, type BackupSetType, type ObjectKind, type ObjectListParams, type ProtectedObject } from '@portal/contracts';
import { getBackupSet, listProtectedObjects, updateBackupSet } from '@portal/contracts/calls';
import { backupEndpoints } from '@portal/contracts/endpoints/backup';
import { errorMessageOf, keepPreviousData, useCallMutation, useCallQuery } from '@portal/data';
import { countLabel, PageHeader } from '@portal/ui';
import { ChangeAction, ConfirmDialog, ListFilters, listPageQuery, PagedList, useUrlListState } from '@portal/ui/kit';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { PageTrail } from '../../../components/page-trail';
import { fromTarget } from '../../../lib/from-target';
import { notify } from '../../../lib/notify';
import { settled } from '../../../lib/settled';
import { KIND_NOUNS } from '../lib/object-links';
import { explicitScope, withoutObject } from '../lib/scope-edit';
import { AddObjectsDialog } from './add-objects-dialog';
import { ObjectsTable } from './objects-table';

const SORTS = [
  { value: 'displayName', label: 'Name A–Z' },
  { value: '-displayName', label: 'Name Z–A' },
  { value: '-lastBackupAt', label: 'Last backup, newest' },
  { value: '-sizeBytes', label: 'Largest first' },
  { value: '-itemCount', label: 'Most items' },
];
const DEFAULTS = { q: '', sort: 'displayName', page: '1', pageSize: String(BACKUP_PAGE_SIZE_DEFAULT) };

/**
 * The protected users, sites, groups or teams of one set (/view-users, /sharepoint, /groups, /teams).
 * `{from}` (backup or restore) is the first breadcrumb step and the Back target.
 */
export function ProtectedObjectsView({ kind, editable }: { kind: ObjectKind; editable?: boolean }) {
  const { backupSetType = '', backupSetId = '', from = 'backup' } = useParams();
  const origin = fromTarget(from);
  const nouns = KIND_NOUNS[kind];
  const [params, update] = useUrlListState(DEFAULTS);
  const query: ObjectListParams = { kind, ...listPageQuery(params), sort: params.sort as ObjectListParams['sort'] };
  const objects = useCallQuery(backupEndpoints.listProtectedObjects, listProtectedObjects, [backupSetId, query], { placeholderData: keepPreviousData, quietRefetch: true });
  const set = useCallQuery(backupEndpoints.getBackupSet, getBackupSet, [backupSetId], { enabled: Boolean(backupSetId) });
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ProtectedObject | null>(null);
  const typeLabel = BACKUP_SET_TYPE_LABELS[backupSetType as BackupSetType] ?? backupSetType;
  const setName = set.data?.name ?? typeLabel;
  const canEdit = Boolean(editable && set.data);

  // The set's scope changes; objects backed up so far stay listed with their snapshots.
  const remove = useCallMutation(
    async (object: ProtectedObject) => {
      const remaining = withoutObject(await explicitScope(set.data!), object);
      if (remaining.length === 0) throw new Error('A backup set must protect at least one object; delete the set instead.');
      return updateBackupSet(backupSetId, { scope: { mode: 'selected', objects: remaining } });
    },
    {
      invalidates: [backupEndpoints.getBackupSet],
      onSuccess: (_set, object) => notify(`${object.displayName} removed from ${setName}.`, 'success'),
      onError: (error) => notify(errorMessageOf(error), 'error'),
      onSettled: () => setRemoving(null),
    },
  );

  return (
    <Box component="section">
      <PageTrail steps={[{ label: origin.label, to: origin.path }, { label: setName }, { label: nouns.title }]} />
      <PageHeader
        title={`${nouns.title} of ${setName}`}
        subtitle={`${typeLabel} backup set: the ${nouns.many} it protects, with their services, last backup and size.`}
        actions={
          canEdit ? (
            <ChangeAction>
              <Button variant="contained" onClick={() => setAdding(true)}>
                Add {nouns.many}
              </Button>
            </ChangeAction>
          ) : undefined
        }
      />
      <Card sx={{ p: 2 }}>
        <ListFilters idPrefix={`objects-${kind}`} q={params.q} sort={params.sort} sortOptions={SORTS} onChange={update} searchLabel={`Search ${nouns.many}`} />
        <PagedList
          query={objects}
          noun={nouns.many}
          empty={params.q ? `No ${nouns.many} match “${params.q}”.` : `This set protects no ${nouns.many} yet. They appear after the first backup run.`}
          count={(page) => countLabel(page.total, nouns.one, nouns.many)}
          onPage={update}
        >
          {(page) => (
            <ObjectsTable objects={page.items} set={{ id: backupSetId, type: backupSetType }} from={from} label={nouns.title} onRemove={canEdit ? setRemoving : undefined} />
          )}
        </PagedList>
      </Card>
      {adding && set.data ? (
        <AddObjectsDialog
          set={set.data}
          onClose={() => setAdding(false)}
          onSaved={() => setAdding(false)}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog open destructive title={`Remove ${removing.displayName}?`} confirmLabel="Remove" onClose={() => setRemoving(null)} onConfirm={() => settled(remove.mutateAsync(removing))}>
          Later runs of {setName} no longer back up {removing.displayName}.
          {set.data?.scope.mode === 'all' ? ' The set then protects only the objects it lists now; new users are no longer added automatically.' : ''} Snapshots taken so far are kept
          and can still be restored.
        </ConfirmDialog>
      ) : null}
    </Box>
  );
}
