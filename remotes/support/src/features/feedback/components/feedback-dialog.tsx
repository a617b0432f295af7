import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { SNACKBAR_AUTO_HIDE_MS } from '@portal/config';
import { FEEDBACK_TEXT_MAX_LENGTH, feedbackFormSchema, SUPPORT_MESSAGES, type FeedbackForm } from '@portal/contracts';
import { createFeedback } from '@portal/contracts/calls';
import { openSnackbar, showAlert } from '@portal/ui';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { CountedTextField } from '../../../components/counted-text-field';
import { currentUserId } from '../../../lib/current-user-id';
import { errorText } from '../../../lib/format';

export type FeedbackDialogProps = { open: boolean; onClose: () => void; onSubmitted?: () => void };

const DEFAULTS: FeedbackForm = { feedback: '' };

/** Feedback (spec sections 5 and 8): one text of at most 250 characters. */
export function FeedbackDialog({ open, onClose, onSubmitted }: FeedbackDialogProps) {
  const titleId = useId();
  const introId = useId();
  const { control, handleSubmit, formState, reset } = useForm<FeedbackForm>({
    resolver: zodResolver(feedbackFormSchema),
    mode: 'all',
    defaultValues: DEFAULTS,
  });

  const close = () => {
    reset(DEFAULTS);
    onClose();
  };

  const onSubmit = async ({ feedback }: FeedbackForm) => {
    const userId = currentUserId();
    if (!userId) {
      showAlert({ message: 'Your session has ended. Please sign in again.', type: 'error' });
      return;
    }
    try {
      const result = await createFeedback({ userId, feedback });
      if ('errorMessage' in result && result.errorMessage !== undefined) {
        showAlert({ message: result.errorMessage, type: 'error' });
        return;
      }
      openSnackbar({
        message: SUPPORT_MESSAGES.feedbackSubmitted,
        variant: 'alert',
        alert: { color: 'success', variant: 'filled' },
        autoHideDuration: SNACKBAR_AUTO_HIDE_MS,
      });
      onSubmitted?.();
      close();
    } catch (error) {
      showAlert({ message: errorText(error), type: 'error' });
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} aria-describedby={introId} fullWidth maxWidth="sm">
      <Stack component="form" noValidate onSubmit={handleSubmit(onSubmit)}>
        <DialogTitle id={titleId}>Feedback</DialogTitle>
        <DialogContent>
          <DialogContentText id={introId} sx={{ mb: 2 }}>
            Tell us what works well and what could be better.
          </DialogContentText>
          <CountedTextField name="feedback" control={control} label="Feedback" max={FEEDBACK_TEXT_MAX_LENGTH} multiline minRows={4} autoFocus />
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
