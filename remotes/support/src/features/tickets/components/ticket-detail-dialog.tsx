import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { REPLY_MAX_LENGTH, replyFormSchema, SUPPORT_MESSAGES, TICKET_STATUS_LABELS, type ReplyForm, type TicketDetail, type TicketStatus } from '@portal/contracts';
import { deleteTicket, getTicket, replyToTicket, updateTicketStatus } from '@portal/contracts/calls';
import { supportEndpoints } from '@portal/contracts/endpoints/support';
import { callQuery, errorMessageOf, useCallMutation, useCallQuery, usePortalQueryClient } from '@portal/data';
import { formatDateTime, showAlert } from '@portal/ui';
import { menuItems } from '@portal/ui/form';
import { ChangeAction, ConfirmDialog } from '@portal/ui/kit';
import { useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { CountedTextField } from '../../../components/counted-text-field';
import { currentUserId } from '../../../lib/current-user-id';
import { TicketStatusChip } from './ticket-status-chip';

export type TicketDetailDialogProps = {
  ticketId: string | null;
  /** Also after a delete; the lists of tickets reload after every change. */
  onClose: () => void;
};

const showError = (error: Error) => showAlert({ message: errorMessageOf(error), type: 'error' });

/** One ticket: its description, the conversation, a reply box, the status and (for its author) delete. */
export function TicketDetailDialog({ ticketId, onClose }: TicketDetailDialogProps) {
  const titleId = useId();
  const client = usePortalQueryClient();
  // The last ticket stays on show while the dialog fades out after a close.
  const [shownId, setShownId] = useState(ticketId);
  if (ticketId !== null && ticketId !== shownId) setShownId(ticketId);
  const query = useCallQuery(supportEndpoints.getTicket, getTicket, [shownId ?? ''], { enabled: shownId !== null });
  const [status, setStatus] = useState<TicketStatus | ''>('');
  const [confirming, setConfirming] = useState(false);
  const { control, handleSubmit, reset, formState } = useForm<ReplyForm>({ resolver: zodResolver(replyFormSchema), mode: 'all', defaultValues: { body: '' } });

  useEffect(() => {
    reset({ body: '' });
    setStatus('');
  }, [ticketId, reset]);

  // A reply or a status change answers with the whole ticket: it is shown as it is, without a reload.
  const changed = (message: string) => (next: TicketDetail) => {
    client.setQueryData(callQuery(supportEndpoints.getTicket, getTicket, [next.id]).queryKey, next);
    showAlert({ message, type: 'success' });
  };
  const reply = useCallMutation(({ id, body }: { id: string; body: string }) => replyToTicket(id, { body }), {
    invalidates: [supportEndpoints.listTickets],
    onSuccess: changed(SUPPORT_MESSAGES.replySent),
    onError: showError,
  });
  const changeStatus = useCallMutation(({ id, to }: { id: string; to: TicketStatus }) => updateTicketStatus(id, { status: to }), {
    invalidates: [supportEndpoints.listTickets],
    onSuccess: (next) => {
      changed(SUPPORT_MESSAGES.statusChanged)(next);
      setStatus('');
    },
    onError: showError,
  });
  const remove = useCallMutation(({ userId, id }: { userId: string; id: string }) => deleteTicket(userId, id), {
    invalidates: [supportEndpoints.listTickets],
    onSuccess: () => {
      showAlert({ message: SUPPORT_MESSAGES.ticketDeleted, type: 'success' });
      setConfirming(false);
      onClose();
    },
    onError: showError,
  });

  const onReply = async ({ body }: ReplyForm) => {
    if (!ticketId) return;
    await reply.mutateAsync({ id: ticketId, body }).then(
      () => reset({ body: '' }),
      () => undefined,
    );
  };
  const onStatus = () => {
    if (ticketId && status) changeStatus.mutate({ id: ticketId, to: status });
  };
  const onDelete = async () => {
    const userId = currentUserId();
    if (ticketId && userId) await remove.mutateAsync({ userId, id: ticketId }).catch(() => undefined);
  };

  const ticket = query.data ?? null;

  return (
    <Dialog open={ticketId !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" scroll="paper">
      <DialogTitle id={titleId}>{ticket ? `#${ticket.number} ${ticket.subject}` : 'Support ticket'}</DialogTitle>
      <DialogContent dividers>
        {!ticket && query.isError ? (
          <Alert severity="error" action={<Button onClick={() => void query.refetch()}>Retry</Button>}>
            {query.error.message}
          </Alert>
        ) : null}
        {!ticket && !query.isError ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading the ticket" />
          </Box>
        ) : null}
        {ticket ? (
          <Stack spacing={2}>
            <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap">
              <TicketStatusChip status={ticket.status} />
              <Typography variant="body2" color="text.secondary">
                Raised by {ticket.author.name} ({ticket.author.organisationName}) on {formatDateTime(ticket.createdAt)} · handled by {ticket.handlerOrganisationName}
              </Typography>
            </Stack>
            <Typography sx={{ whiteSpace: 'pre-wrap' }}>{ticket.description}</Typography>
            <Divider />
            <Typography variant="h6" component="h2">
              Conversation
            </Typography>
            {ticket.conversation.length === 0 ? (
              <Typography color="text.secondary">No replies yet.</Typography>
            ) : (
              <Stack component="ol" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label="Conversation">
                {ticket.conversation.map((event) => (
                  <Paper
                    component="li"
                    key={event.id}
                    variant="outlined"
                    sx={{ p: 1.5, borderColor: event.fromSupport ? 'primary.main' : 'divider', ml: event.fromSupport ? 0 : 4, mr: event.fromSupport ? 4 : 0 }}
                  >
                    <Typography variant="caption" color="text.secondary" component="p">
                      {event.author.name} ({event.fromSupport ? 'support' : 'requester'}, {event.author.organisationName}) ·{' '}
                      <time dateTime={event.createdAt}>{formatDateTime(event.createdAt)}</time>
                    </Typography>
                    {event.kind === 'reply' ? (
                      <Typography sx={{ whiteSpace: 'pre-wrap' }}>{event.body}</Typography>
                    ) : (
                      <Typography fontStyle="italic">Status changed to {TICKET_STATUS_LABELS[event.status!]}</Typography>
                    )}
                  </Paper>
                ))}
              </Stack>
            )}
            {ticket.permissions.reply ? (
              <Stack component="form" noValidate onSubmit={handleSubmit(onReply)} spacing={1} aria-label="Reply">
                <CountedTextField name="body" control={control} label="Reply" max={REPLY_MAX_LENGTH} multiline minRows={3} id="ticket-reply" />
                <Box>
                  <ChangeAction>
                    <Button type="submit" variant="contained" disabled={formState.isSubmitting}>
                      Send reply
                    </Button>
                  </ChangeAction>
                </Box>
              </Stack>
            ) : (
              <Alert severity="info">This ticket is closed. Reopen it to continue the conversation.</Alert>
            )}
          </Stack>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2, flexWrap: 'wrap', gap: 1 }}>
        {ticket && ticket.permissions.statuses.length > 0 ? (
          <Stack direction="row" spacing={1} alignItems="center" sx={{ mr: 'auto' }}>
            <TextField select size="small" id="ticket-status" label="Change status" value={status} onChange={(e) => setStatus(e.target.value as TicketStatus)} sx={{ minWidth: 200 }}>
              {menuItems(ticket.permissions.statuses, TICKET_STATUS_LABELS)}
            </TextField>
            <ChangeAction>
              <Button onClick={onStatus} disabled={!status || changeStatus.isPending || remove.isPending}>
                Update status
              </Button>
            </ChangeAction>
          </Stack>
        ) : null}
        {ticket?.permissions.delete ? (
          <ChangeAction>
            <Button color="error" onClick={() => setConfirming(true)}>
              Delete ticket
            </Button>
          </ChangeAction>
        ) : null}
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
      <ConfirmDialog open={confirming} title="Delete this ticket?" confirmLabel="Delete" destructive busy={remove.isPending} onConfirm={onDelete} onClose={() => setConfirming(false)}>
        The ticket and its whole conversation are removed for you and your support contact. This cannot be undone.
      </ConfirmDialog>
    </Dialog>
  );
}
