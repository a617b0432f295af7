import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, type FormEventHandler, type ReactNode } from 'react';
import { FormDialogActions } from '../form/form-dialog-actions';

export interface FormDialogProps {
  open: boolean;
  title: ReactNode;
  /** The sentence under the title that says what the dialog is for; it describes the dialog. */
  intro?: ReactNode;
  onClose: () => void;
  /** The form's submit, e.g. react-hook-form's `handleSubmit(onSubmit)`. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  submitting: boolean;
  /** The submit changes data: read-only users see it disabled, with the reason (ChangeAction). */
  change?: boolean;
  /** The fields. */
  children: ReactNode;
}

/** A dialog that is one form: title, intro, fields, then Cancel and the submit button. */
export function FormDialog({ open, title, intro, onClose, onSubmit, submitLabel, submitting, change, children }: FormDialogProps) {
  const titleId = useId();
  const introId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} aria-describedby={intro ? introId : undefined} fullWidth maxWidth="sm">
      <Stack component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          {intro ? (
            <DialogContentText id={introId} sx={{ mb: 2 }}>
              {intro}
            </DialogContentText>
          ) : null}
          {children}
        </DialogContent>
        <FormDialogActions onCancel={onClose} submitting={submitting} change={change}>
          {submitLabel}
        </FormDialogActions>
      </Stack>
    </Dialog>
  );
}
