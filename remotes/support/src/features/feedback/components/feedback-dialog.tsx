import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack } from '@mui/material';
import { FEEDBACK_TEXT_MAX_LENGTH, feedbackFormSchema, SUPPORT_MESSAGES, type FeedbackForm } from '@portal/contracts';
import { ChangeAction } from '@portal/ui';
import { createFeedback } from '@portal/contracts/calls';
import { CountedTextField } from '../../../components/counted-text-field';
import { useSubmitAsCurrentUser } from '../../../lib/submit-as-current-user';
import { useDialogForm } from '../../../lib/use-dialog-form';

export type FeedbackDialogProps = { open: boolean; onClose: () => void; onSubmitted?: () => void };

const DEFAULTS: FeedbackForm = { feedback: '' };

/** Feedback (spec sections 5 and 8): one text of at most 250 characters. */
export function FeedbackDialog({ open, onClose, onSubmitted }: FeedbackDialogProps) {
  const { titleId, introId, form, close } = useDialogForm<FeedbackForm>(zodResolver(feedbackFormSchema), DEFAULTS, onClose);
  const { control, handleSubmit, formState } = form;

  const onSubmit = useSubmitAsCurrentUser((userId, { feedback }: FeedbackForm) => createFeedback({ userId, feedback }), SUPPORT_MESSAGES.feedbackSubmitted, () => {
    onSubmitted?.();
    close();
  });

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
          <ChangeAction>
            <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
              Submit
            </Button>
          </ChangeAction>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}
