import { Box, Button, Card, MenuItem, TextField, Typography } from '@mui/material';
import {
  BACKUP_PAGE_SIZE_DEFAULT,
  BACKUP_SET_TYPE_LABELS,
  BACKUP_SET_TYPES,
  type BackupSet,
  type BackupSetListParams,
  type BackupSetPage,
  type TenantList,
} from '@portal/contracts';
import { listBackupSets, listTenants } from '@portal/contracts/calls';
import { ChangeAction, PageHeader, useReadOnly } from '@portal/ui';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListPagination } from '../../../components/list-pagination';
import { ListToolbar } from '../../../components/list-toolbar';
import { LoadState } from '../../../components/load-state';
import { formatBytes } from '../../../lib/format';
import { useLoad } from '../../../lib/use-load';
import { pageQuery, useUrlParams } from '../../../lib/use-url-params';
import { useSetActions } from '../hooks/use-set-actions';
import { BackupSetDialog } from './backup-set-dialog';
import { BackupSetsTable } from './backup-sets-table';
import { ConnectTenantDialog } from './connect-tenant-dialog';
import { TenantsPanel } from './tenants-panel';

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
  const [params, update] = useUrlParams(DEFAULTS);
  const query: BackupSetListParams = {
    q: params.q || undefined,
    type: (params.type || undefined) as BackupSetListParams['type'],
    status: (params.status || undefined) as BackupSetListParams['status'],
    sort: params.sort as BackupSetListParams['sort'],
    ...pageQuery(params, BACKUP_PAGE_SIZE_DEFAULT),
  };
  // Polls while a run is queued or running, so last run and status follow the job.
  const sets = useLoad<BackupSetPage, BackupSetListParams>(listBackupSets, query, { pollMs: 3000, poll: (page) => page.items.some(busy) });
  const tenants = useLoad<TenantList, null>(listTenants, null);
  const [dialog, setDialog] = useState<{ kind: 'create' } | { kind: 'edit'; set: BackupSet } | { kind: 'connect' } | { kind: 'delete'; set: BackupSet } | null>(null);
  const actions = useSetActions(sets.refresh);
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
      <LoadState load={tenants.load} noun="tenants" onRetry={tenants.refresh} rows={1}>
        {(data) => <TenantsPanel tenants={data.items} onConnect={() => setDialog({ kind: 'connect' })} onTested={tenants.refresh} />}
      </LoadState>
      <Card sx={{ p: 2 }}>
        <ListToolbar idPrefix="sets" q={params.q} sort={params.sort} sortOptions={SORTS} onChange={update} searchLabel="Search backup sets">
          <TextField id="sets-type" select size="small" label="Type" value={params.type} onChange={(e) => update({ type: e.target.value })} sx={{ minWidth: 180 }}>
            <MenuItem value="">All types</MenuItem>
            {BACKUP_SET_TYPES.map((t) => (
              <MenuItem key={t} value={t}>
                {BACKUP_SET_TYPE_LABELS[t]}
              </MenuItem>
            ))}
          </TextField>
          <TextField id="sets-status" select size="small" label="Status" value={params.status} onChange={(e) => update({ status: e.target.value })} sx={{ minWidth: 160 }}>
            <MenuItem value="">All statuses</MenuItem>
            <MenuItem value="active">Active</MenuItem>
            <MenuItem value="paused">Paused</MenuItem>
          </TextField>
        </ListToolbar>
        <LoadState
          load={sets.load}
          noun="backup sets"
          onRetry={sets.refresh}
          isEmpty={(page) => page.total === 0}
          empty={filtered ? 'No backup sets match these filters.' : readOnly ? 'There are no backup sets yet.' : 'There are no backup sets yet. Create one to start protecting your data.'}
        >
          {(page) => (
            <>
              <Typography variant="body2" color="text.secondary" role="status" sx={{ mb: 1 }}>
                {page.total} {page.total === 1 ? 'backup set' : 'backup sets'}
              </Typography>
              <BackupSetsTable
                sets={page.items}
                onEdit={(set) => setDialog({ kind: 'edit', set })}
                onRun={actions.run}
                onPause={actions.pause}
                onResume={actions.resume}
                onDelete={(set) => setDialog({ kind: 'delete', set })}
              />
              <ListPagination total={page.total} page={page.page} pageSize={page.pageSize} onChange={update} />
            </>
          )}
        </LoadState>
      </Card>
      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <BackupSetDialog
          tenants={tenantItems}
          set={dialog.kind === 'edit' ? dialog.set : undefined}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            sets.refresh();
            tenants.refresh();
          }}
        />
      ) : null}
      {dialog?.kind === 'connect' ? (
        <ConnectTenantDialog
          onClose={() => setDialog(null)}
          onConnected={() => {
            setDialog(null);
            tenants.refresh();
          }}
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
