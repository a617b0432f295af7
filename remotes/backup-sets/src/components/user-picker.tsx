import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { DirectoryEntry } from '@portal/contracts';
import { listTenantDirectory } from '@portal/contracts/calls';
import { backupEndpoints } from '@portal/contracts/endpoints/backup';
import { useCallQuery } from '@portal/data';
import { useDebouncedValue } from '@portal/ui';
import { useState } from 'react';

interface UserPickerProps {
  tenantId: string;
  value: string;
  onChange: (externalId: string, displayName: string) => void;
  label?: string;
  error?: string;
  id: string;
}

/** Searches the tenant's users live from Graph; the value is the user's external id. */
export function UserPicker({ tenantId, value, onChange, label = 'User', error, id }: UserPickerProps) {
  const [input, setInput] = useState('');
  const q = useDebouncedValue(input, 300);
  const users = useCallQuery(backupEndpoints.listTenantDirectory, listTenantDirectory, [tenantId, { kind: 'user', q: q || undefined }], { enabled: Boolean(tenantId) });
  const options = users.data?.items ?? [];
  const selected = options.find((o) => o.externalId === value) ?? (value ? { kind: 'user' as const, externalId: value, displayName: value, detail: null } : null);
  return (
    <Autocomplete<DirectoryEntry>
      id={id}
      options={options}
      loading={users.isPending}
      value={selected}
      filterOptions={(x) => x}
      getOptionLabel={(o) => (o.detail ? `${o.displayName} <${o.detail}>` : o.displayName)}
      isOptionEqualToValue={(a, b) => a.externalId === b.externalId}
      onInputChange={(_e, text, reason) => reason === 'input' && setInput(text)}
      onChange={(_e, option) => onChange(option?.externalId ?? '', option?.displayName ?? '')}
      renderInput={(params) => <TextField {...params} label={label} error={Boolean(error)} helperText={error} size="small" />}
    />
  );
}
