import { zodResolver } from '@hookform/resolvers/zod';
import Stack from '@mui/material/Stack';
import { DESCRIPTION_MAX_LENGTH, raiseTicketFormSchema, SUBJECT_MAX_LENGTH, SUPPORT_MESSAGES, type RaiseTicketForm, type TicketSummary } from '@portal/contracts';
import { FormDialog } from '@portal/ui/kit';
import { createTicket } from '@portal/contracts/calls';
import { CountedTextField } from '../../../components/counted-text-field';
import { useDialogForm } from '../../../lib/use-dialog-form';

export type RaiseTicketDialogProps = {
  open: boolean;
  onClose: () => void;
  /** Called with the new ticket (the /support overview refreshes its list). */
  onSubmitted?: (ticket: TicketSummary) => void;
};

const DEFAULTS: RaiseTicketForm = { subject: '', description: '' };

/** Raise Ticket (spec sections 5 and 8): subject and description, sent to the tier above the user. */
export function RaiseTicketDialog({ open, onClose, onSubmitted }: RaiseTicketDialogProps) {
  const { control, dialog } = useDialogForm(open, onClose, {
    resolver: zodResolver(raiseTicketFormSchema),
    defaults: DEFAULTS,
    send: (userId, { subject, description }: RaiseTicketForm) => createTicket({ userId, subject, description }),
    successMessage: SUPPORT_MESSAGES.ticketSubmitted,
    onSubmitted,
  });

  return (
    <FormDialog {...dialog} title="Raise Ticket" intro="Describe the problem; your support contact answers in Support Tickets and by e-mail.">
      <Stack spacing={2}>
        <CountedTextField name="subject" control={control} label="Subject" max={SUBJECT_MAX_LENGTH} autoFocus />
        <CountedTextField name="description" control={control} label="Description" max={DESCRIPTION_MAX_LENGTH} multiline minRows={4} />
      </Stack>
    </FormDialog>
  );
}
