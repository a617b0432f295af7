import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { ROLLBACK_REASON_MAX_LENGTH } from '@portal/contracts';
import { useEffect, useState } from 'react';

interface RollbackDialogProps {
  target: { name: string; from: string | null; to: string } | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}

/** Asks before switching every browser to another version of a remote, naming both versions. */
export function RollbackDialog({ target, busy, onCancel, onConfirm }: RollbackDialogProps) {
  const [reason, setReason] = useState('');
  useEffect(() => setReason(''), [target]);
  const tooLong = reason.length > ROLLBACK_REASON_MAX_LENGTH;
  return (
    <Dialog open={target !== null} onClose={busy ? undefined : onCancel} aria-labelledby="rollback-title" aria-describedby="rollback-text">
      <DialogTitle id="rollback-title">
        Roll back {target?.name} to {target?.to}?
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="rollback-text">
          Every browser that loads {target?.name} from now on gets version {target?.to}
          {target?.from ? ` instead of ${target.from}` : ''}.{target?.from ? ` ${target.from} is marked as rolled back: no later rollback returns to it unless named.` : ''} The
          change is recorded in the deploy history.
        </DialogContentText>
        <TextField
          fullWidth
          margin="normal"
          id="rollback-reason"
          label="Reason (optional)"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={tooLong}
          helperText={tooLong ? `must be at most ${ROLLBACK_REASON_MAX_LENGTH} characters` : ' '}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={() => onConfirm(reason.trim())} disabled={busy || tooLong} variant="contained">
          Roll back to {target?.to}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
