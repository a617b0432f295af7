import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { BACKUP_PAGE_SIZE_DEFAULT, BACKUP_SET_TYPE_LABELS, BACKUP_SET_TYPES, type BackupSet, type BackupSetListParams, type BackupSetPage } from '@portal/contracts';
import { listBackupSets, listTenants } from '@portal/contracts/calls';
import { backupEndpoints } from '@portal/contracts/endpoints/backup';
import { keepPreviousData, useCallQuery } from '@portal/data';
import { countLabel, formatBytes, PageHeader, useReadOnly } from '@portal/ui';
import { menuItems } from '@portal/ui/form';
import { ChangeAction, ConfirmDialog, ListFilters, listPageQuery, PagedList, QueryState, useUrlListState } from '@portal/ui/kit';
import { useState } from 'react';
import { pollWhile } from '../../../lib/poll';
import { useSetActions } from '../hooks/use-set-actions';
import { BackupSetDialog } from './backup-set-dialog';
import { BackupSetsTable } from './backup-sets-table';
import { ConnectTenantDialog } from './connect-tenant-dialog';
import { TenantsPanel } from './tenants-panel';
import { TenantsPanelSkeleton } from './tenants-panel-skeleton';

const SORTS = [
  { value: 'name', label: 'Name A–Z' },
  { value: '-name', label: 'Name Z–A' },
  { value: '-lastRunAt', label: 'Last run, newest' },
  { value: 'lastRunAt', label: 'Last run, oldest' },
  { value: '-createdAt', label: 'Newest first' },
  { value: '-sizeBytes', label: 'Largest first' },
];
const DEFAULTS = { q: '', type: '', status: '', sort: 'name', page: '1', pageSize: String(BACKUP_PAGE_SIZE_DEFAULT) };
const busy = (set: BackupSet) => set.lastRunStatus === 'running' || set.lastRunStatus === 'queued';

/** /backup: the customer's backup sets and connected tenants. */
export function BackupPage() {
  const [params, update] = useUrlListState(DEFAULTS);
  const query: BackupSetListParams = {
    ...listPageQuery(params),
    type: (params.type || undefined) as BackupSetListParams['type'],
    status: (params.status || undefined) as BackupSetListParams['status'],
    sort: params.sort as BackupSetListParams['sort'],
  };
  // Polls while a run is queued or running, so last run and status follow the job.
  const sets = useCallQuery(backupEndpoints.listBackupSets, listBackupSets, [query], {
    placeholderData: keepPreviousData,
    ...pollWhile((page: BackupSetPage) => page.items.some(busy), 3000),
  });
  const tenants = useCallQuery(backupEndpoints.listTenants, listTenants, [], { quietRefetch: true });
  const [dialog, setDialog] = useState<{ kind: 'create' } | { kind: 'edit'; set: BackupSet } | { kind: 'connect' } | { kind: 'delete'; set: BackupSet } | null>(null);
  const actions = useSetActions(() => void sets.refetch());
  const tenantItems = tenants.data?.items ?? [];
  const filtered = Boolean(params.q || params.type || params.status);
  const readOnly = useReadOnly();

  return (
    <Box component="section">
      <PageHeader
        title="Backup"
        subtitle="Backup sets of your Microsoft 365 tenants: what is protected, when it runs and how long it is kept."
        actions={
          <ChangeAction>
            <Button variant="contained" onClick={() => setDialog({ kind: 'create' })} disabled={tenantItems.length === 0}>
              New backup set
            </Button>
          </ChangeAction>
        }
      />
      <QueryState query={tenants} noun="tenants" skeleton={<TenantsPanelSkeleton />}>
        {(data) => (
          <TenantsPanel tenants={data.items} consentAvailable={data.consentAvailable} onConnect={() => setDialog({ kind: 'connect' })} onTested={() => void tenants.refetch()} />
        )}
      </QueryState>
      <Card sx={{ p: 2 }}>
        <ListFilters idPrefix="sets" q={params.q} sort={params.sort} sortOptions={SORTS} onChange={update} searchLabel="Search backup sets">
          <TextField id="sets-type" select size="small" label="Type" value={params.type} onChange={(e) => update({ type: e.target.value })} sx={{ minWidth: 180 }}>
            <MenuItem value="">All types</MenuItem>
            {menuItems(BACKUP_SET_TYPES, BACKUP_SET_TYPE_LABELS)}
          </TextField>
          <TextField id="sets-status" select size="small" label="Status" value={params.status} onChange={(e) => update({ status: e.target.value })} sx={{ minWidth: 160 }}>
            <MenuItem value="">All statuses</MenuItem>
            <MenuItem value="active">Active</MenuItem>
            <MenuItem value="paused">Paused</MenuItem>
          </TextField>
        </ListFilters>
        <PagedList
          query={sets}
          noun="backup sets"
          empty={filtered ? 'No backup sets match these filters.' : readOnly ? 'There are no backup sets yet.' : 'There are no backup sets yet. Create one to start protecting your data.'}
          count={(page) => countLabel(page.total, 'backup set')}
          onPage={update}
        >
          {(page) => (
            <BackupSetsTable
              sets={page.items}
              onEdit={(set) => setDialog({ kind: 'edit', set })}
              onRun={actions.run}
              onPause={actions.pause}
              onResume={actions.resume}
              onDelete={(set) => setDialog({ kind: 'delete', set })}
            />
          )}
        </PagedList>
      </Card>
      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <BackupSetDialog
          tenants={tenantItems}
          set={dialog.kind === 'edit' ? dialog.set : undefined}
          onClose={() => setDialog(null)}
          onSaved={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'connect' ? (
        <ConnectTenantDialog
          onClose={() => setDialog(null)}
          onConnected={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'delete' ? (
        <ConfirmDialog
          open
          destructive
          title={`Delete ${dialog.set.name}?`}
          confirmLabel="Delete set and data"
          onClose={() => setDialog(null)}
          onConfirm={async () => {
            await actions.remove(dialog.set);
            setDialog(null);
          }}
        >
          The backup set, its {dialog.set.protectedCount} protected objects, every snapshot and {formatBytes(dialog.set.sizeBytes)} of backed-up data are deleted
          permanently. Stored content that no other backup set uses is removed from storage; it cannot be restored afterwards. Nothing is deleted in Microsoft 365.
        </ConfirmDialog>
      ) : null}
    </Box>
  );
}
