import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { OBJECT_KINDS_BY_SET_TYPE, type BackupSetType, type ObjectKind, type Scope, type ScopeObject } from '@portal/contracts';
import { listTenantDirectory } from '@portal/contracts/calls';
import { backupEndpoints } from '@portal/contracts/endpoints/backup';
import { errorMessageOf, useCallQuery } from '@portal/data';
import { useDebouncedValue } from '@portal/ui';
import { useState } from 'react';

const KIND_LABELS: Record<ObjectKind, string> = { user: 'Users', site: 'Sites', group: 'Groups', team: 'Teams' };

interface ScopePickerProps {
  tenantId: string;
  type: BackupSetType;
  value: Scope;
  onChange: (scope: Scope) => void;
  error?: string;
}

/** Whole tenant, or chosen users/sites/teams from the tenant's live directory with search and select-all. */
export function ScopePicker({ tenantId, type, value, onChange, error }: ScopePickerProps) {
  const kinds = OBJECT_KINDS_BY_SET_TYPE[type];
  const [kind, setKind] = useState<ObjectKind>(kinds[0]);
  const activeKind = kinds.includes(kind) ? kind : kinds[0];
  const [text, setText] = useState('');
  const q = useDebouncedValue(text, 300);
  const directory = useCallQuery(backupEndpoints.listTenantDirectory, listTenantDirectory, [tenantId, { kind: activeKind, q: q || undefined }], {
    enabled: value.mode === 'selected' && Boolean(tenantId),
  });
  const selected: ScopeObject[] = value.mode === 'selected' ? value.objects : [];
  const isSelected = (kind: ObjectKind, externalId: string) => selected.some((o) => o.kind === kind && o.externalId === externalId);
  const setSelected = (objects: ScopeObject[]) => onChange({ mode: 'selected', objects });
  const toggle = (entry: ScopeObject) =>
    setSelected(isSelected(entry.kind, entry.externalId) ? selected.filter((o) => !(o.kind === entry.kind && o.externalId === entry.externalId)) : [...selected, entry]);
  const entries = directory.data?.items ?? [];
  const allShownSelected = entries.length > 0 && entries.every((e) => isSelected(e.kind, e.externalId));
  const toggleAll = () => {
    if (allShownSelected) setSelected(selected.filter((o) => !entries.some((e) => e.kind === o.kind && e.externalId === o.externalId)));
    else setSelected([...selected, ...entries.filter((e) => !isSelected(e.kind, e.externalId)).map((e) => ({ kind: e.kind, externalId: e.externalId, displayName: e.displayName }))]);
  };

  return (
    <Stack spacing={2}>
      <RadioGroup
        aria-label="Scope"
        value={value.mode}
        onChange={(e) => onChange(e.target.value === 'all' ? { mode: 'all' } : { mode: 'selected', objects: selected })}
      >
        <FormControlLabel value="all" control={<Radio />} label="Whole tenant (new users, sites and teams are added automatically)" />
        <FormControlLabel value="selected" control={<Radio />} label="Selected users, sites or teams" />
      </RadioGroup>
      {value.mode === 'selected' ? (
        <Box>
          {kinds.length > 1 ? (
            <Tabs value={activeKind} onChange={(_e, next: ObjectKind) => setKind(next)} aria-label="Object kind">
              {kinds.map((k) => (
                <Tab key={k} value={k} label={KIND_LABELS[k]} />
              ))}
            </Tabs>
          ) : null}
          <Stack direction="row" spacing={2} alignItems="center" sx={{ my: 1 }}>
            <TextField type="search" size="small" label={`Search ${KIND_LABELS[activeKind].toLowerCase()}`} value={text} onChange={(e) => setText(e.target.value)} />
            <FormControlLabel
              control={<Checkbox checked={allShownSelected} indeterminate={!allShownSelected && entries.some((e) => isSelected(e.kind, e.externalId))} onChange={toggleAll} disabled={entries.length === 0} />}
              label="Select all shown"
            />
            <Typography variant="body2" color="text.secondary" role="status">
              {selected.length} selected
            </Typography>
          </Stack>
          {directory.isPending ? <Skeleton height={120} aria-label="Loading directory" /> : null}
          {directory.isError ? <Alert severity="error">The directory could not be loaded: {errorMessageOf(directory.error)}</Alert> : null}
          {directory.isSuccess && entries.length === 0 ? <Typography color="text.secondary">Nothing matches.</Typography> : null}
          {entries.length > 0 ? (
            <List dense aria-label={`${KIND_LABELS[activeKind]} in the tenant`} sx={{ maxHeight: 260, overflow: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}>
              {entries.map((entry) => {
                const checked = isSelected(entry.kind, entry.externalId);
                const labelId = `scope-${entry.kind}-${entry.externalId}`;
                return (
                  <ListItem key={`${entry.kind}:${entry.externalId}`} disablePadding>
                    <ListItemButton onClick={() => toggle({ kind: entry.kind, externalId: entry.externalId, displayName: entry.displayName })} dense>
                      <ListItemIcon>
                        <Checkbox edge="start" checked={checked} tabIndex={-1} disableRipple slotProps={{ input: { 'aria-labelledby': labelId } }} />
                      </ListItemIcon>
                      <ListItemText id={labelId} primary={entry.displayName} secondary={entry.detail} />
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
          ) : null}
        </Box>
      ) : null}
      {error ? (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      ) : null}
    </Stack>
  );
}
