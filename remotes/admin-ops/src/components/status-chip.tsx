import Chip from '@mui/material/Chip';

export type PartStatus = 'ok' | 'degraded' | 'down';

const LOOK: Record<PartStatus, { label: string; color: 'success' | 'warning' | 'error' }> = {
  ok: { label: 'OK', color: 'success' },
  degraded: { label: 'Degraded', color: 'warning' },
  down: { label: 'Down', color: 'error' },
};

/** A status in words (never colour alone); the coloured border keeps text contrast in both modes. */
export function StatusChip({ status, text }: { status: PartStatus; text?: string }) {
  const look = LOOK[status];
  return (
    <Chip
      size="small"
      variant="outlined"
      label={text ?? look.label}
      sx={{ borderColor: `${look.color}.main`, borderWidth: 2, fontWeight: 600 }}
    />
  );
}
