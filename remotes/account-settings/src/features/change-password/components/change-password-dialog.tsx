import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export type ChangePasswordDialogProps = { open: boolean; onClose: () => void };

export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="change-password-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="change-password-dialog-title">Change Password</DialogTitle>
      <DialogContent>
        <DialogContentText>This dialog is not built yet.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
