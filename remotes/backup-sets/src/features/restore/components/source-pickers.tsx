import { Autocomplete, MenuItem, TextField } from '@mui/material';
import { BACKUP_PAGE_SIZE_MAX, type BackupSetPage, type ProtectedObject, type ProtectedObjectPage, type SnapshotList } from '@portal/contracts';
import { listBackupSets, listProtectedObjects, listSnapshots } from '@portal/contracts/calls';
import { useDebouncedValue } from '@portal/ui';
import { useState } from 'react';
import { formatCount, formatDateTime } from '../../../lib/format';
import { useLoad } from '../../../lib/use-load';

export function SetPicker({ value, onChange }: { value: string; onChange: (setId: string) => void }) {
  const sets = useLoad<BackupSetPage, null>(() => listBackupSets({ pageSize: BACKUP_PAGE_SIZE_MAX, sort: 'name' }), null);
  const items = sets.data?.items ?? [];
  return (
    <TextField
      id="restore-set"
      select
      label="Backup set"
      value={items.some((s) => s.id === value) ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      helperText={sets.load.state === 'error' ? `The backup sets could not be loaded: ${sets.load.message}` : sets.load.state === 'ready' && items.length === 0 ? 'There are no backup sets yet.' : undefined}
      error={sets.load.state === 'error'}
    >
      {items.map((s) => (
        <MenuItem key={s.id} value={s.id}>
          {s.name} ({s.tenantName})
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Protected objects of the set, searched on the server as the user types. */
export function ObjectPicker({ setId, value, onChange }: { setId: string; value: string; onChange: (objectId: string) => void }) {
  const [input, setInput] = useState('');
  const q = useDebouncedValue(input, 300);
  const objects = useLoad<ProtectedObjectPage, { setId: string; q: string }>((p) => listProtectedObjects(p.setId, { q: p.q || undefined, pageSize: 100 }), { setId, q });
  const options = objects.data?.items ?? [];
  const [chosen, setChosen] = useState<ProtectedObject | null>(null);
  const selected = options.find((o) => o.id === value) ?? (chosen?.id === value ? chosen : null);
  return (
    <Autocomplete<ProtectedObject>
      id="restore-object"
      options={options}
      value={selected}
      loading={objects.load.state === 'loading'}
      filterOptions={(x) => x}
      getOptionLabel={(o) => `${o.displayName} (${o.kind})`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onInputChange={(_e, text, reason) => reason === 'input' && setInput(text)}
      onChange={(_e, o) => {
        setChosen(o);
        onChange(o?.id ?? '');
      }}
      renderInput={(params) => <TextField {...params} label="User, site or team" helperText={objects.load.state === 'error' ? objects.load.message : undefined} />}
    />
  );
}

export function SnapshotPicker({ setId, objectId, value, onChange }: { setId: string; objectId: string; value: string; onChange: (snapshotId: string) => void }) {
  const snapshots = useLoad<SnapshotList, { setId: string; objectId: string }>((p) => listSnapshots(p.setId, p.objectId), { setId, objectId });
  const items = snapshots.data?.items ?? [];
  return (
    <TextField
      id="restore-snapshot"
      select
      label="Snapshot (point in time)"
      value={items.some((s) => s.id === value) ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      error={snapshots.load.state === 'error'}
      helperText={snapshots.load.state === 'error' ? snapshots.load.message : snapshots.load.state === 'ready' && items.length === 0 ? 'No snapshots yet: run a backup first.' : undefined}
    >
      {items.map((s) => (
        <MenuItem key={s.id} value={s.id}>
          {formatDateTime(s.takenAt)} · run {s.runSeq} · {formatCount(s.itemCount)} items
        </MenuItem>
      ))}
    </TextField>
  );
}
