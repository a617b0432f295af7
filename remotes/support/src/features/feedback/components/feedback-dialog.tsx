import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

export type FeedbackDialogProps = { open: boolean; onClose: () => void };

export function FeedbackDialog({ open, onClose }: FeedbackDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="feedback-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="feedback-dialog-title">Feedback</DialogTitle>
      <DialogContent>
        <DialogContentText>This dialog is not built yet.</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}
