import { Button, List, ListItem, ListItemButton, ListItemText } from '@mui/material';
import type { SnapshotMapping } from '@portal/contracts';
import { ChangeAction, countLabel, formatDateTime } from '@portal/ui';

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
