import Chip from '@mui/material/Chip';
import { JOB_STATUS_LABELS, type JobStatus } from '@portal/contracts';

const COLORS: Record<JobStatus, 'default' | 'info' | 'success' | 'warning' | 'error'> = {
  queued: 'default',
  running: 'info',
  succeeded: 'success',
  warning: 'warning',
  failed: 'error',
  cancelled: 'default',
};

export function JobStatusChip({ status }: { status: JobStatus }) {
  return <Chip size="small" color={COLORS[status]} label={JOB_STATUS_LABELS[status]} variant={status === 'cancelled' ? 'outlined' : 'filled'} />;
}
