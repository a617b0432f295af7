import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export type RaiseTicketDialogProps = { open: boolean; onClose: () => void };

export function RaiseTicketDialog({ open, onClose }: RaiseTicketDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="raise-ticket-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="raise-ticket-dialog-title">Raise Ticket</DialogTitle>
      <DialogContent>
        <DialogContentText>This dialog is not built yet.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
