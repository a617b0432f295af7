import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { paths } from '@portal/config';
import { ACTIVE_TICKET_STATUSES } from '@portal/contracts';
import { getSupportContact, listTickets } from '@portal/contracts/calls';
import { supportEndpoints } from '@portal/contracts/endpoints/support';
import { useCallQuery } from '@portal/data';
import { countLabel, formatDateTime, PageHeader } from '@portal/ui';
import { QueryState } from '@portal/ui/kit';
import { Link as RouterLink } from 'react-router-dom';
import { DialogButton } from '../../../components/dialog-button';
import { RaiseTicketDialog } from './raise-ticket-dialog';
import { TicketStatusChip } from './ticket-status-chip';

const OPEN_PAGE_SIZE = 10;
const OPEN_TICKETS = { author: 'me', status: ACTIVE_TICKET_STATUSES.join(','), sort: '-updatedAt', pageSize: OPEN_PAGE_SIZE } as const;

/** /support: the user's open tickets, who answers them, and the way to raise one. */
export function SupportPage() {
  const contact = useCallQuery(supportEndpoints.getSupportContact, getSupportContact, []);
  const tickets = useCallQuery(supportEndpoints.listTickets, listTickets, [OPEN_TICKETS]);

  return (
    <Box component="section">
      <PageHeader
        title="Support"
        subtitle="Get help from your support contact."
        actions={<DialogButton label="Raise Ticket" dialog={RaiseTicketDialog} onSubmitted={() => void tickets.refetch()} />}
      />
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={3} alignItems="flex-start">
        <Card sx={{ flex: 1, width: '100%' }} component="section" aria-labelledby="support-contact-title">
          <CardContent>
            <Typography id="support-contact-title" variant="h6" component="h2" gutterBottom>
              Your support contact
            </Typography>
            <QueryState query={contact} noun="support contact" rows={1}>
              {({ organisationName, email, sameOrganisation }) => (
                <>
                  <Typography>{organisationName}</Typography>
                  {email ? (
                    <Typography>
                      <a href={`mailto:${email}`}>{email}</a>
                    </Typography>
                  ) : null}
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {sameOrganisation
                      ? 'Your tickets are answered by the other administrators of your organisation.'
                      : 'Tickets you raise go to this organisation. You get an e-mail when they answer.'}
                  </Typography>
                </>
              )}
            </QueryState>
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
            {tickets.isError && !tickets.data ? (
              <Alert severity="error" action={<Button onClick={() => void tickets.refetch()}>Retry</Button>}>
                Your tickets could not be loaded: {tickets.error.message}
              </Alert>
            ) : (
              <QueryState query={tickets} noun="tickets" rows={1} isEmpty={(page) => page.total === 0} empty="You have no open tickets.">
                {(page) => (
                  <>
                    <List aria-label="Your open tickets">
                      {page.items.map((ticket) => (
                        <ListItem key={ticket.id} disablePadding secondaryAction={<TicketStatusChip status={ticket.status} />}>
                          <ListItemButton component={RouterLink} to={`${paths.supportTickets}?ticket=${encodeURIComponent(ticket.id)}`}>
                            <ListItemText
                              primary={`#${ticket.number} ${ticket.subject}`}
                              secondary={`Last activity ${formatDateTime(ticket.updatedAt)} · ${countLabel(ticket.replyCount, 'reply', 'replies')}`}
                            />
                          </ListItemButton>
                        </ListItem>
                      ))}
                    </List>
                    {page.total > page.items.length ? (
                      <Typography variant="body2" color="text.secondary">
                        {page.total - page.items.length} more in All tickets.
                      </Typography>
                    ) : null}
                  </>
                )}
              </QueryState>
            )}
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}
