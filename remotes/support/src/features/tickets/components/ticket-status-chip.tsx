import Chip from '@mui/material/Chip';
import type { ChipProps } from '@mui/material/Chip';
import { TICKET_STATUS_LABELS, type TicketStatus } from '@portal/contracts';

// Theme colours only, so the chip reads well in light and dark mode.
const COLOR: Record<TicketStatus, ChipProps['color']> = {
  open: 'info',
  in_progress: 'primary',
  waiting_for_customer: 'warning',
  resolved: 'success',
  closed: 'default',
};

export function TicketStatusChip({ status }: { status: TicketStatus }) {
  return <Chip size="small" variant="outlined" color={COLOR[status]} label={TICKET_STATUS_LABELS[status]} />;
}
