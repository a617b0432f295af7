import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { REPLY_MAX_LENGTH, replyFormSchema, SUPPORT_MESSAGES, TICKET_STATUS_LABELS, type ReplyForm, type TicketDetail, type TicketStatus } from '@portal/contracts';
import { deleteTicket, getTicket, replyToTicket, updateTicketStatus } from '@portal/contracts/calls';
import { ChangeAction, showAlert } from '@portal/ui';
import { useCallback, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { CountedTextField } from '../../../components/counted-text-field';
import { currentUserId } from '../../../lib/current-user-id';
import { errorText, formatDateTime } from '../../../lib/format';
import { TicketStatusChip } from './ticket-status-chip';

export type TicketDetailDialogProps = {
  ticketId: string | null;
  onClose: () => void;
  /** The ticket changed (reply, status) or was deleted: the list refreshes. */
  onChanged: () => void;
};

type Load = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; ticket: TicketDetail };

/** One ticket: its description, the conversation, a reply box, the status and (for its author) delete. */
export function TicketDetailDialog({ ticketId, onClose, onChanged }: TicketDetailDialogProps) {
  const titleId = useId();
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [status, setStatus] = useState<TicketStatus | ''>('');
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const { control, handleSubmit, reset, formState } = useForm<ReplyForm>({ resolver: zodResolver(replyFormSchema), mode: 'all', defaultValues: { body: '' } });

  const fetchTicket = useCallback(async (id: string) => {
    setLoad({ state: 'loading' });
    try {
      const result = await getTicket(id);
      if ('errorMessage' in result && result.errorMessage !== undefined) setLoad({ state: 'error', message: result.errorMessage });
      else setLoad({ state: 'ready', ticket: result as TicketDetail });
    } catch (error) {
      setLoad({ state: 'error', message: errorText(error) });
    }
  }, []);

  useEffect(() => {
    if (ticketId) void fetchTicket(ticketId);
    reset({ body: '' });
    setStatus('');
  }, [ticketId, fetchTicket, reset]);

  const apply = (result: Awaited<ReturnType<typeof replyToTicket>>, message: string): boolean => {
    if ('errorMessage' in result && result.errorMessage !== undefined) {
      showAlert({ message: result.errorMessage, type: 'error' });
      return false;
    }
    setLoad({ state: 'ready', ticket: result as TicketDetail });
    showAlert({ message, type: 'success' });
    onChanged();
    return true;
  };

  const onReply = async ({ body }: ReplyForm) => {
    if (!ticketId) return;
    try {
      if (apply(await replyToTicket(ticketId, { body }), SUPPORT_MESSAGES.replySent)) reset({ body: '' });
    } catch (error) {
      showAlert({ message: errorText(error), type: 'error' });
    }
  };

  const onStatus = async () => {
    if (!ticketId || !status) return;
    setBusy(true);
    try {
      if (apply(await updateTicketStatus(ticketId, { status }), SUPPORT_MESSAGES.statusChanged)) setStatus('');
    } catch (error) {
      showAlert({ message: errorText(error), type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const onDelete = async () => {
    const userId = currentUserId();
    if (!ticketId || !userId) return;
    setBusy(true);
    try {
      const result = await deleteTicket(userId, ticketId);
      if ('errorMessage' in result && result.errorMessage !== undefined) {
        showAlert({ message: result.errorMessage, type: 'error' });
        return;
      }
      showAlert({ message: SUPPORT_MESSAGES.ticketDeleted, type: 'success' });
      setConfirming(false);
      onChanged();
      onClose();
    } catch (error) {
      showAlert({ message: errorText(error), type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const ticket = load.state === 'ready' ? load.ticket : null;

  return (
    <Dialog open={ticketId !== null} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" scroll="paper">
      <DialogTitle id={titleId}>{ticket ? `#${ticket.number} ${ticket.subject}` : 'Support ticket'}</DialogTitle>
      <DialogContent dividers>
        {load.state === 'loading' ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label="Loading the ticket" />
          </Box>
        ) : null}
        {load.state === 'error' ? (
          <Alert severity="error" action={<Button onClick={() => ticketId && fetchTicket(ticketId)}>Retry</Button>}>
            {load.message}
          </Alert>
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
              {ticket.permissions.statuses.map((s) => (
                <MenuItem key={s} value={s}>
                  {TICKET_STATUS_LABELS[s]}
                </MenuItem>
              ))}
            </TextField>
            <ChangeAction>
              <Button onClick={onStatus} disabled={!status || busy}>
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
      <ConfirmDialog
        open={confirming}
        title="Delete this ticket?"
        text="The ticket and its whole conversation are removed for you and your support contact. This cannot be undone."
        confirmLabel="Delete"
        busy={busy}
        onConfirm={onDelete}
        onCancel={() => setConfirming(false)}
      />
    </Dialog>
  );
}
