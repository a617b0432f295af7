import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import type { OperatorJob } from '@portal/contracts';

interface CancelJobDialogProps {
  job: OperatorJob | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: () => void;
}

/** Asks before cancelling another organisation's job. */
export function CancelJobDialog({ job, busy, onClose, onConfirm }: CancelJobDialogProps) {
  return (
    <Dialog open={job !== null} onClose={busy ? undefined : onClose} aria-labelledby="cancel-job-title" aria-describedby="cancel-job-text">
      <DialogTitle id="cancel-job-title">Cancel this job?</DialogTitle>
      <DialogContent>
        <DialogContentText id="cancel-job-text">
          “{job?.title}” of {job?.organisationName}{' '}
          {job?.status === 'running' ? 'stops at its next checkpoint' : 'is cancelled before it starts'}. The organisation sees it as cancelled.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Keep running
        </Button>
        <Button onClick={onConfirm} disabled={busy} color="error" variant="contained" sx={{ bgcolor: 'error.dark' }}>
          Cancel job
        </Button>
      </DialogActions>
    </Dialog>
  );
}
