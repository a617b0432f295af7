import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, useState, type ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Deletes or stops something: the confirm button is red. */
  destructive?: boolean;
  /** Busy from outside (a mutation in flight); an async onConfirm makes it busy by itself. */
  busy?: boolean;
  /** May return the promise of the action (a mutation's mutateAsync): the dialog is busy until it settles. */
  onConfirm: () => Promise<unknown> | void;
  onClose: () => void;
}

/**
 * Asks before an action. Cancel has the focus, so Enter does no harm; both buttons stay disabled
 * while the action runs, and the dialog cannot be dismissed meanwhile.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, destructive, busy: busyFromOutside, onConfirm, onClose }: ConfirmDialogProps) {
  const [running, setRunning] = useState(false);
  const busy = running || Boolean(busyFromOutside);
  const titleId = useId();
  const textId = useId();
  const run = async () => {
    setRunning(true);
    try {
      await onConfirm();
    } finally {
      setRunning(false);
    }
  };
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} aria-labelledby={titleId} aria-describedby={textId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} component="div">
          {children}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        {/* The text colour, as in FormDialogActions: primary text fails AA contrast in the light theme. */}
        <Button onClick={onClose} disabled={busy} autoFocus color="inherit">
          Cancel
        </Button>
        <Button variant="contained" color={destructive ? 'error' : 'primary'} onClick={() => void run()} disabled={busy}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
