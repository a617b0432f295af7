import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import type { ReactNode } from 'react';
import { ChangeAction } from '../components/change-action';

export type FormDialogActionsProps = {
  onCancel: () => void;
  /** Disables the submit button while the form is being submitted. */
  submitting: boolean;
  /** Disables Cancel too while the form is being submitted. */
  disableCancelWhileSubmitting?: boolean;
  /** The submit changes data: read-only users see it disabled, with the reason (ChangeAction). */
  change?: boolean;
  /** Buttons between Cancel and the submit button (e.g. a connection test). */
  extra?: ReactNode;
  /** The submit button's label. */
  children: ReactNode;
};

/** The foot of a form dialog: Cancel, then the form's submit button. */
export function FormDialogActions({ onCancel, submitting, disableCancelWhileSubmitting, change, extra, children }: FormDialogActionsProps) {
  const submit = (
    <Button type="submit" variant="contained" disabled={submitting}>
      {children}
    </Button>
  );
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      {/* The text colour, not primary: the light theme's primary text fails AA contrast (axe, issue 22). */}
      <Button onClick={onCancel} disabled={disableCancelWhileSubmitting && submitting} color="inherit">
        Cancel
      </Button>
      {extra}
      {change ? <ChangeAction>{submit}</ChangeAction> : submit}
    </DialogActions>
  );
}
