import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import type { ReactNode } from 'react';

export type FormDialogActionsProps = {
  onCancel: () => void;
  /** Disables the submit button while the form is being submitted. */
  submitting: boolean;
  /** The submit button's label. */
  children: ReactNode;
};

/** The foot of a form dialog: Cancel, then the form's submit button. */
export function FormDialogActions({ onCancel, submitting, children }: FormDialogActionsProps) {
  return (
    <DialogActions sx={{ px: 3, pb: 2 }}>
      <Button onClick={onCancel}>Cancel</Button>
      <Button type="submit" variant="contained" disabled={submitting}>
        {children}
      </Button>
    </DialogActions>
  );
}
