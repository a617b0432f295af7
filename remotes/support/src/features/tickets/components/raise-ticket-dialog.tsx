import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { SNACKBAR_AUTO_HIDE_MS } from '@portal/config';
import { DESCRIPTION_MAX_LENGTH, raiseTicketFormSchema, SUBJECT_MAX_LENGTH, SUPPORT_MESSAGES, type RaiseTicketForm, type TicketSummary } from '@portal/contracts';
import { createTicket } from '@portal/contracts/calls';
import { openSnackbar, showAlert } from '@portal/ui';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { CountedTextField } from '../../../components/counted-text-field';
import { currentUserId } from '../../../lib/current-user-id';
import { errorText } from '../../../lib/format';

export type RaiseTicketDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Called with the new ticket (the /support overview refreshes its list). */
  onSubmitted?: (ticket: TicketSummary) => void;
};

const DEFAULTS: RaiseTicketForm = { subject: '', description: '' };

/** Raise Ticket (spec sections 5 and 8): subject and description, sent to the tier above the user. */
export function RaiseTicketDialog({ open, onClose, onSubmitted }: RaiseTicketDialogProps) {
  const titleId = useId();
  const introId = useId();
  const { control, handleSubmit, formState, reset } = useForm<RaiseTicketForm>({
    resolver: zodResolver(raiseTicketFormSchema),
    mode: 'all',
    defaultValues: DEFAULTS,
  });

  const close = () => {
    reset(DEFAULTS);
    onClose();
  };

  const onSubmit = async ({ subject, description }: RaiseTicketForm) => {
    const userId = currentUserId();
    if (!userId) {
      showAlert({ message: 'Your session has ended. Please sign in again.', type: 'error' });
      return;
    }
    try {
      const result = await createTicket({ userId, subject, description });
      if ('errorMessage' in result && result.errorMessage !== undefined) {
        showAlert({ message: result.errorMessage, type: 'error' });
        return;
      }
      openSnackbar({
        message: SUPPORT_MESSAGES.ticketSubmitted,
        variant: 'alert',
        alert: { color: 'success', variant: 'filled' },
        autoHideDuration: SNACKBAR_AUTO_HIDE_MS,
      });
      onSubmitted?.(result as TicketSummary);
      close();
    } catch (error) {
      showAlert({ message: errorText(error), type: 'error' });
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} aria-describedby={introId} fullWidth maxWidth="sm">
      <Stack component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogTitle id={titleId}>Raise Ticket</DialogTitle>
        <DialogContent>
          <DialogContentText id={introId} sx={{ mb: 2 }}>
            Describe the problem; your support contact answers in Support Tickets and by e-mail.
          </DialogContentText>
          <Stack spacing={2}>
            <CountedTextField name="subject" control={control} label="Subject" max={SUBJECT_MAX_LENGTH} autoFocus />
            <CountedTextField name="description" control={control} label="Description" max={DESCRIPTION_MAX_LENGTH} multiline minRows={4} />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close}>Cancel</Button>
          <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
            Submit
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
