import { NotBuiltYetDialog } from '@portal/ui';

export type RaiseTicketDialogProps = { open: boolean; onClose: () => void };

export function RaiseTicketDialog({ open, onClose }: RaiseTicketDialogProps) {
  return <NotBuiltYetDialog title="Raise Ticket" open={open} onClose={onClose} />;
}
