import { Box, Button, Card, Typography } from '@mui/material';
import {
  BACKUP_PAGE_SIZE_DEFAULT,
  BACKUP_SET_TYPE_LABELS,
  type BackupSetType,
  type ObjectKind,
  type ObjectListParams,
  type ProtectedObject,
  type ProtectedObjectPage,
} from '@portal/contracts';
import { listProtectedObjects, updateBackupSet } from '@portal/contracts/calls';
import { ChangeAction, PageHeader, openSnackbar } from '@portal/ui';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListPagination } from '../../../components/list-pagination';
import { ListToolbar } from '../../../components/list-toolbar';
import { LoadState } from '../../../components/load-state';
import { PageTrail } from '../../../components/page-trail';
import { unwrap } from '../../../lib/api-result';
import { errorText } from '../../../lib/format';
import { fromTarget } from '../../../lib/from-target';
import { useLoad } from '../../../lib/use-load';
import { pageQuery, useUrlParams } from '../../../lib/use-url-params';
import { useBackupSet } from '../../../lib/use-backup-set';
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
  const [params, update] = useUrlParams(DEFAULTS);
  const query: ObjectListParams & { setId: string } = { setId: backupSetId, kind, q: params.q || undefined, sort: params.sort as ObjectListParams['sort'], ...pageQuery(params, BACKUP_PAGE_SIZE_DEFAULT) };
  const objects = useLoad<ProtectedObjectPage, typeof query>(({ setId, ...rest }) => listProtectedObjects(setId, rest), query);
  const set = useBackupSet(backupSetId);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ProtectedObject | null>(null);
  const typeLabel = BACKUP_SET_TYPE_LABELS[backupSetType as BackupSetType] ?? backupSetType;
  const setName = set.data?.name ?? typeLabel;
  const canEdit = Boolean(editable && set.data);

  const remove = async (object: ProtectedObject) => {
    try {
      const remaining = withoutObject(await explicitScope(set.data!), object);
      if (remaining.length === 0) throw new Error('A backup set must protect at least one object; delete the set instead.');
      await unwrap(updateBackupSet(backupSetId, { scope: { mode: 'selected', objects: remaining } }));
      openSnackbar({ message: `${object.displayName} removed from ${setName}.`, variant: 'alert', alert: { color: 'success', variant: 'filled' }, autoHideDuration: 4000 });
      set.refresh();
    } catch (error) {
      openSnackbar({ message: errorText(error), variant: 'alert', alert: { color: 'error', variant: 'filled' }, autoHideDuration: 6000 });
    }
    setRemoving(null);
  };

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
        <ListToolbar idPrefix={`objects-${kind}`} q={params.q} sort={params.sort} sortOptions={SORTS} onChange={update} searchLabel={`Search ${nouns.many}`} />
        <LoadState
          load={objects.load}
          noun={nouns.many}
          onRetry={objects.refresh}
          isEmpty={(page) => page.total === 0}
          empty={params.q ? `No ${nouns.many} match “${params.q}”.` : `This set protects no ${nouns.many} yet. They appear after the first backup run.`}
        >
          {(page) => (
            <>
              <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1 }}>
                {page.total} {page.total === 1 ? nouns.one : nouns.many}
              </Typography>
              <ObjectsTable objects={page.items} set={{ id: backupSetId, type: backupSetType }} from={from} label={nouns.title} onRemove={canEdit ? setRemoving : undefined} />
              <ListPagination total={page.total} page={page.page} pageSize={page.pageSize} onChange={update} />
            </>
          )}
        </LoadState>
      </Card>
      {adding && set.data ? (
        <AddObjectsDialog
          set={set.data}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            set.refresh();
            objects.refresh();
          }}
        />
      ) : null}
      {removing ? (
        <ConfirmDialog open destructive title={`Remove ${removing.displayName}?`} confirmLabel="Remove" onClose={() => setRemoving(null)} onConfirm={() => remove(removing)}>
          Later runs of {setName} no longer back up {removing.displayName}.
          {set.data?.scope.mode === 'all' ? ' The set then protects only the objects it lists now; new users are no longer added automatically.' : ''} Snapshots taken so far are kept
          and can still be restored.
        </ConfirmDialog>
      ) : null}
    </Box>
  );
}
