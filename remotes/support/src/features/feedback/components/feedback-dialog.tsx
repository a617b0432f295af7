import { NotBuiltYetDialog } from '@portal/ui';

export type FeedbackDialogProps = { open: boolean; onClose: () => void };

export function FeedbackDialog({ open, onClose }: FeedbackDialogProps) {
  return <NotBuiltYetDialog title="Feedback" open={open} onClose={onClose} />;
}
