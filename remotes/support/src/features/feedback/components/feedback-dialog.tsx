import { zodResolver } from '@hookform/resolvers/zod';
import { FEEDBACK_TEXT_MAX_LENGTH, feedbackFormSchema, SUPPORT_MESSAGES, type FeedbackForm } from '@portal/contracts';
import { FormDialog } from '@portal/ui/kit';
import { createFeedback } from '@portal/contracts/calls';
import { CountedTextField } from '../../../components/counted-text-field';
import { useDialogForm } from '../../../lib/use-dialog-form';

export type FeedbackDialogProps = { open: boolean; onClose: () => void; onSubmitted?: () => void };

const DEFAULTS: FeedbackForm = { feedback: '' };

/** Feedback (spec sections 5 and 8): one text of at most 250 characters. */
export function FeedbackDialog({ open, onClose, onSubmitted }: FeedbackDialogProps) {
  const { control, dialog } = useDialogForm(open, onClose, {
    resolver: zodResolver(feedbackFormSchema),
    defaults: DEFAULTS,
    send: (userId, { feedback }: FeedbackForm) => createFeedback({ userId, feedback }),
    successMessage: SUPPORT_MESSAGES.feedbackSubmitted,
    onSubmitted,
  });

  return (
    <FormDialog {...dialog} title="Feedback" intro="Tell us what works well and what could be better.">
      <CountedTextField name="feedback" control={control} label="Feedback" max={FEEDBACK_TEXT_MAX_LENGTH} multiline minRows={4} autoFocus />
    </FormDialog>
  );
}
