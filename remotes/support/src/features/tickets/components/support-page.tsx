import { Alert, Box, Button, Card, CardContent, List, ListItem, ListItemButton, ListItemText, Skeleton, Stack, Typography } from '@mui/material';
import { paths } from '@portal/config';
import { ACTIVE_TICKET_STATUSES, type SupportContact, type TicketPage } from '@portal/contracts';
import { getSupportContact, listTickets } from '@portal/contracts/calls';
import { ChangeAction, countLabel, PageHeader } from '@portal/ui';
import { useCallback, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { errorText, formatDateTime } from '../../../lib/format';
import { RaiseTicketDialog } from './raise-ticket-dialog';
import { TicketStatusChip } from './ticket-status-chip';

type Load<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; value: T };

async function loadInto<T>(call: () => Promise<T | { errorMessage: string }>, set: (load: Load<T>) => void) {
  try {
    const result = await call();
    if (result && typeof result === 'object' && 'errorMessage' in result && result.errorMessage !== undefined) set({ state: 'error', message: result.errorMessage });
    else set({ state: 'ready', value: result as T });
  } catch (error) {
    set({ state: 'error', message: errorText(error) });
  }
}

const OPEN_PAGE_SIZE = 10;

/** /support: the user's open tickets, who answers them, and the way to raise one. */
export function SupportPage() {
  const [contact, setContact] = useState<Load<SupportContact>>({ state: 'loading' });
  const [tickets, setTickets] = useState<Load<TicketPage>>({ state: 'loading' });
  const [raising, setRaising] = useState(false);

  const loadTickets = useCallback(
    () => loadInto(() => listTickets({ author: 'me', status: ACTIVE_TICKET_STATUSES.join(','), sort: '-updatedAt', pageSize: OPEN_PAGE_SIZE }), setTickets),
    [],
  );
  useEffect(() => {
    void loadInto(getSupportContact, setContact);
    void loadTickets();
  }, [loadTickets]);

  return (
    <Box component="section">
      <PageHeader
        title="Support"
        subtitle="Get help from your support contact."
        actions={
          <ChangeAction>
            <Button variant="contained" onClick={() => setRaising(true)}>
              Raise Ticket
            </Button>
          </ChangeAction>
        }
      />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} alignItems="flex-start">
        <Card sx={{ flex: 1, width: '100%' }} component="section" aria-labelledby="support-contact-title">
          <CardContent>
            <Typography id="support-contact-title" variant="h6" component="h2" gutterBottom>
              Your support contact
            </Typography>
            {contact.state === 'loading' ? <Skeleton width="60%" /> : null}
            {contact.state === 'error' ? <Alert severity="error">The support contact could not be loaded: {contact.message}</Alert> : null}
            {contact.state === 'ready' ? (
              <>
                <Typography>{contact.value.organisationName}</Typography>
                {contact.value.email ? (
                  <Typography>
                    <a href={`mailto:${contact.value.email}`}>{contact.value.email}</a>
                  </Typography>
                ) : null}
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  {contact.value.sameOrganisation
                    ? 'Your tickets are answered by the other administrators of your organisation.'
                    : 'Tickets you raise go to this organisation. You get an e-mail when they answer.'}
                </Typography>
              </>
            ) : null}
          </CardContent>
        </Card>
        <Card sx={{ flex: 2, width: '100%' }} component="section" aria-labelledby="support-open-title">
          <CardContent>
            <Stack direction="row" justifyContent="space-between" alignItems="center">
              <Typography id="support-open-title" variant="h6" component="h2">
                Your open tickets
              </Typography>
              <Button component={RouterLink} to={paths.supportTickets}>
                All tickets
              </Button>
            </Stack>
            {tickets.state === 'loading' ? <Skeleton height={48} aria-label="Loading tickets" /> : null}
            {tickets.state === 'error' ? (
              <Alert severity="error" action={<Button onClick={loadTickets}>Retry</Button>}>
                Your tickets could not be loaded: {tickets.message}
              </Alert>
            ) : null}
            {tickets.state === 'ready' && tickets.value.total === 0 ? (
              <Typography color="text.secondary" sx={{ py: 2 }}>
                You have no open tickets.
              </Typography>
            ) : null}
            {tickets.state === 'ready' && tickets.value.total > 0 ? (
              <>
                <List aria-label="Your open tickets">
                  {tickets.value.items.map((ticket) => (
                    <ListItem key={ticket.id} disablePadding secondaryAction={<TicketStatusChip status={ticket.status} />}>
                      <ListItemButton component={RouterLink} to={`${paths.supportTickets}?ticket=${encodeURIComponent(ticket.id)}`}>
                        <ListItemText primary={`#${ticket.number} ${ticket.subject}`} secondary={`Last activity ${formatDateTime(ticket.updatedAt)} · ${countLabel(ticket.replyCount, 'reply', 'replies')}`} />
                      </ListItemButton>
                    </ListItem>
                  ))}
                </List>
                {tickets.value.total > tickets.value.items.length ? (
                  <Typography variant="body2" color="text.secondary">
                    {tickets.value.total - tickets.value.items.length} more in All tickets.
                  </Typography>
                ) : null}
              </>
            ) : null}
          </CardContent>
        </Card>
      </Stack>
      <RaiseTicketDialog open={raising} onClose={() => setRaising(false)} onSubmitted={() => void loadTickets()} />
    </Box>
  );
}
