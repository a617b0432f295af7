import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Snapshot } from '@portal/contracts';
import { formatBytes, formatCount, formatDateTime } from '@portal/ui';

const STATUS_COLOR = { ok: 'success', warning: 'warning', failed: 'error' } as const;

/** Newest first; choosing a snapshot browses the object as it was at that run. */
export function SnapshotTimeline({ snapshots, selectedId, onSelect }: { snapshots: Snapshot[]; selectedId: string; onSelect: (id: string) => void }) {
  return (
    <List aria-label="Snapshots" dense sx={{ borderLeft: 2, borderColor: 'divider', pl: 1 }}>
      {snapshots.map((s) => (
        <ListItemButton key={s.id} selected={s.id === selectedId} onClick={() => onSelect(s.id)} aria-current={s.id === selectedId ? 'true' : undefined}>
          <ListItemText
            primary={
              <Stack direction="row" spacing={1} alignItems="center" component="span">
                <span>{formatDateTime(s.takenAt)}</span>
                <Chip size="small" label={`Run ${s.runSeq}`} variant="outlined" />
                {s.status !== 'ok' ? <Chip size="small" label={s.status} color={STATUS_COLOR[s.status]} /> : null}
              </Stack>
            }
            secondary={
              <Typography variant="caption" component="span" color="text.secondary">
                {formatCount(s.itemCount)} items · {formatBytes(s.sizeBytes)} · +{s.addedCount} ~{s.changedCount} −{s.removedCount}
                {s.failureReason ? ` · ${s.failureReason}` : ''}
              </Typography>
            }
          />
        </ListItemButton>
      ))}
    </List>
  );
}
