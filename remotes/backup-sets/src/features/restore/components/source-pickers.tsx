import { Autocomplete, TextField } from '@mui/material';
import { BACKUP_PAGE_SIZE_MAX, type ProtectedObject } from '@portal/contracts';
import { listBackupSets, listProtectedObjects, listSnapshots } from '@portal/contracts/calls';
import { backupEndpoints } from '@portal/contracts/endpoints/backup';
import { errorMessageOf, useCallQuery } from '@portal/data';
import { formatCount, formatDateTime, idMenuItems, useDebouncedValue } from '@portal/ui';
import { useState } from 'react';

export function SetPicker({ value, onChange }: { value: string; onChange: (setId: string) => void }) {
  const sets = useCallQuery(backupEndpoints.listBackupSets, listBackupSets, [{ pageSize: BACKUP_PAGE_SIZE_MAX, sort: 'name' }]);
  const items = sets.data?.items ?? [];
  return (
    <TextField
      id="restore-set"
      select
      label="Backup set"
      value={items.some((s) => s.id === value) ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      helperText={sets.isError ? `The backup sets could not be loaded: ${errorMessageOf(sets.error)}` : sets.isSuccess && items.length === 0 ? 'There are no backup sets yet.' : undefined}
      error={sets.isError}
    >
      {idMenuItems(items, (s) => `${s.name} (${s.tenantName})`)}
    </TextField>
  );
}

/** Protected objects of the set, searched on the server as the user types. */
export function ObjectPicker({ setId, value, onChange }: { setId: string; value: string; onChange: (objectId: string) => void }) {
  const [input, setInput] = useState('');
  const q = useDebouncedValue(input, 300);
  const objects = useCallQuery(backupEndpoints.listProtectedObjects, listProtectedObjects, [setId, { q: q || undefined, pageSize: 100 }]);
  const options = objects.data?.items ?? [];
  const [chosen, setChosen] = useState<ProtectedObject | null>(null);
  const selected = options.find((o) => o.id === value) ?? (chosen?.id === value ? chosen : null);
  return (
    <Autocomplete<ProtectedObject>
      id="restore-object"
      options={options}
      value={selected}
      loading={objects.isPending}
      filterOptions={(x) => x}
      getOptionLabel={(o) => `${o.displayName} (${o.kind})`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onInputChange={(_e, text, reason) => reason === 'input' && setInput(text)}
      onChange={(_e, o) => {
        setChosen(o);
        onChange(o?.id ?? '');
      }}
      renderInput={(params) => <TextField {...params} label="User, site or team" helperText={objects.isError ? errorMessageOf(objects.error) : undefined} />}
    />
  );
}

export function SnapshotPicker({ setId, objectId, value, onChange }: { setId: string; objectId: string; value: string; onChange: (snapshotId: string) => void }) {
  const snapshots = useCallQuery(backupEndpoints.listSnapshots, listSnapshots, [setId, objectId]);
  const items = snapshots.data?.items ?? [];
  return (
    <TextField
      id="restore-snapshot"
      select
      label="Snapshot (point in time)"
      value={items.some((s) => s.id === value) ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      error={snapshots.isError}
      helperText={snapshots.isError ? errorMessageOf(snapshots.error) : snapshots.isSuccess && items.length === 0 ? 'No snapshots yet: run a backup first.' : undefined}
    >
      {idMenuItems(items, (s) => `${formatDateTime(s.takenAt)} · run ${s.runSeq} · ${formatCount(s.itemCount)} items`)}
    </TextField>
  );
}
