import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

interface RollbackDialogProps {
  target: { name: string; from: string | null; to: string } | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before switching every browser to another version of a remote. */
export function RollbackDialog({ target, busy, onCancel, onConfirm }: RollbackDialogProps) {
  return (
    <Dialog open={target !== null} onClose={busy ? undefined : onCancel} aria-labelledby="rollback-title" aria-describedby="rollback-text">
      <DialogTitle id="rollback-title">Roll back {target?.name}?</DialogTitle>
      <DialogContent>
        <DialogContentText id="rollback-text">
          Every browser that loads {target?.name} from now on gets version {target?.to}
          {target?.from ? ` instead of ${target.from}` : ''}. The change is recorded in the deploy history.
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={onConfirm} disabled={busy} variant="contained">
          Roll back
        </Button>
      </DialogActions>
    </Dialog>
  );
}
