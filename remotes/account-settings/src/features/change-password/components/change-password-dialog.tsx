import { NotBuiltYetDialog } from '@portal/ui';

export type ChangePasswordDialogProps = { open: boolean; onClose: () => void };

export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  return <NotBuiltYetDialog title="Change Password" open={open} onClose={onClose} />;
}
