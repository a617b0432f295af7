import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import type { SnapshotMapping } from '@portal/contracts';
import { countLabel, formatDateTime } from '@portal/ui';
import { ChangeAction } from '@portal/ui/kit';

export function MappingList({ mappings, selectedId, onSelect }: { mappings: SnapshotMapping[]; selectedId: string; onSelect: (id: string) => void }) {
  return (
    <List aria-label="Snapshot mappings" dense>
      {mappings.map((m) => (
        <ListItem key={m.id} disablePadding>
          <ListItemButton selected={m.id === selectedId} onClick={() => onSelect(m.id)}>
            <ListItemText primary={m.name} secondary={`${m.sourceSetName} → ${m.targetTenantName} · ${countLabel(m.pairs.length, 'user')} · ${formatDateTime(m.updatedAt)}`} />
          </ListItemButton>
        </ListItem>
      ))}
      <ListItem>
        <ChangeAction>
          <Button onClick={() => onSelect('new')}>New mapping</Button>
        </ChangeAction>
      </ListItem>
    </List>
  );
}
