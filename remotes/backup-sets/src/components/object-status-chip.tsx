import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import type { ProtectedObject } from '@portal/contracts';

const LABELS = { pending: 'Not backed up yet', ok: 'OK', warning: 'Warning', failed: 'Failed' } as const;
const COLORS = { pending: 'default', ok: 'success', warning: 'warning', failed: 'error' } as const;

export function ObjectStatusChip({ object }: { object: Pick<ProtectedObject, 'status' | 'lastError'> }) {
  const chip = <Chip size="small" label={LABELS[object.status]} color={COLORS[object.status]} variant="outlined" />;
  return object.lastError ? (
    <Tooltip title={object.lastError}>
      <span>{chip}</span>
    </Tooltip>
  ) : (
    chip
  );
}
