import { zodResolver } from '@hookform/resolvers/zod';
import { FEEDBACK_TEXT_MAX_LENGTH, feedbackFormSchema, SUPPORT_MESSAGES, type FeedbackForm } from '@portal/contracts';
import { FormDialog } from '@portal/ui';
import { createFeedback } from '@portal/contracts/calls';
import { CountedTextField } from '../../../components/counted-text-field';
import { useSubmitAsCurrentUser } from '../../../lib/submit-as-current-user';
import { useDialogForm } from '../../../lib/use-dialog-form';

export type FeedbackDialogProps = { open: boolean; onClose: () => void; onSubmitted?: () => void };

const DEFAULTS: FeedbackForm = { feedback: '' };

/** Feedback (spec sections 5 and 8): one text of at most 250 characters. */
export function FeedbackDialog({ open, onClose, onSubmitted }: FeedbackDialogProps) {
  const { form, close } = useDialogForm<FeedbackForm>(zodResolver(feedbackFormSchema), DEFAULTS, onClose);
  const { control, handleSubmit, formState } = form;

  const onSubmit = useSubmitAsCurrentUser((userId, { feedback }: FeedbackForm) => createFeedback({ userId, feedback }), SUPPORT_MESSAGES.feedbackSubmitted, () => {
    onSubmitted?.();
    close();
  });

  return (
    <FormDialog
      open={open}
      title="Feedback"
      intro="Tell us what works well and what could be better."
      onClose={close}
      onSubmit={handleSubmit(onSubmit)}
      submitLabel="Submit"
      submitting={formState.isSubmitting}
      change
    >
      <CountedTextField name="feedback" control={control} label="Feedback" max={FEEDBACK_TEXT_MAX_LENGTH} multiline minRows={4} autoFocus />
    </FormDialog>
  );
}
