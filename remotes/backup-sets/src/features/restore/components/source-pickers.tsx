import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { BACKUP_PAGE_SIZE_MAX, type ProtectedObject } from '@portal/contracts';
import { listBackupSets, listProtectedObjects, listSnapshots } from '@portal/contracts/calls';
import { backupEndpoints } from '@portal/contracts/endpoints/backup';
import { errorMessageOf, useCallQuery } from '@portal/data';
import { formatCount, formatDateTime, useDebouncedValue } from '@portal/ui';
import { idMenuItems } from '@portal/ui/form';
import { useState } from 'react';

/**
 * A select of what a query loaded: a value the answer does not hold shows as none chosen; a failed
 * load and an empty answer are said under the field.
 */
function LoadedSelect<T extends { id: string }>(props: {
  id: string;
  label: string;
  query: { data?: { items: T[] }; isError: boolean; isSuccess: boolean; error: Error | null };
  value: string;
  onChange: (id: string) => void;
  optionLabel: (item: T) => string;
  errorText: (message: string) => string;
  emptyText: string;
}) {
  const { id, label, query, value, onChange, optionLabel, errorText, emptyText } = props;
  const items = query.data?.items ?? [];
  return (
    <TextField
      id={id}
      select
      label={label}
      value={items.some((item) => item.id === value) ? value : ''}
      onChange={(e) => onChange(e.target.value)}
      helperText={query.isError ? errorText(errorMessageOf(query.error)) : query.isSuccess && items.length === 0 ? emptyText : undefined}
      error={query.isError}
    >
      {idMenuItems(items, optionLabel)}
    </TextField>
  );
}

export function SetPicker({ value, onChange }: { value: string; onChange: (setId: string) => void }) {
  const sets = useCallQuery(backupEndpoints.listBackupSets, listBackupSets, [{ pageSize: BACKUP_PAGE_SIZE_MAX, sort: 'name' }]);
  return (
    <LoadedSelect
      id="restore-set"
      label="Backup set"
      query={sets}
      value={value}
      onChange={onChange}
      optionLabel={(s) => `${s.name} (${s.tenantName})`}
      errorText={(message) => `The backup sets could not be loaded: ${message}`}
      emptyText="There are no backup sets yet."
    />
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
  return (
    <LoadedSelect
      id="restore-snapshot"
      label="Snapshot (point in time)"
      query={snapshots}
      value={value}
      onChange={onChange}
      optionLabel={(s) => `${formatDateTime(s.takenAt)} · run ${s.runSeq} · ${formatCount(s.itemCount)} items`}
      errorText={(message) => message}
      emptyText="No snapshots yet: run a backup first."
    />
  );
}
