import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import MenuItem from '@mui/material/MenuItem';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { PAGE_SIZE_DEFAULT, TICKET_STATUS_LABELS, TICKET_STATUSES, type TicketSort } from '@portal/contracts';
import { listTickets } from '@portal/contracts/calls';
import { supportEndpoints } from '@portal/contracts/endpoints/support';
import { keepPreviousData, useCallQuery } from '@portal/data';
import { countLabel, formatDateTime, PageHeader } from '@portal/ui';
import { menuItems } from '@portal/ui/form';
import { ListFilters, listPageQuery, ListTable, PagedList, useUrlListState } from '@portal/ui/kit';
import { DialogButton } from '../../../components/dialog-button';
import { RaiseTicketDialog } from './raise-ticket-dialog';
import { TicketDetailDialog } from './ticket-detail-dialog';
import { TicketStatusChip } from './ticket-status-chip';

const SORTS: ReadonlyArray<{ value: TicketSort; label: string }> = [
  { value: '-updatedAt', label: 'Last activity' },
  { value: '-createdAt', label: 'Newest first' },
  { value: 'createdAt', label: 'Oldest first' },
  { value: 'subject', label: 'Subject A–Z' },
  { value: '-subject', label: 'Subject Z–A' },
  { value: 'status', label: 'Status' },
];

const DEFAULTS = { q: '', status: '', from: '', to: '', sort: '-updatedAt', page: '1', pageSize: String(PAGE_SIZE_DEFAULT), ticket: '' };

/** /support-tickets: the tickets the caller may see (their own, and those their tier handles). */
export function SupportTicketsPage() {
  const [params, update] = useUrlListState(DEFAULTS);
  const query = { ...listPageQuery(params), status: params.status || undefined, sort: params.sort as TicketSort };
  const tickets = useCallQuery(supportEndpoints.listTickets, listTickets, [query], { placeholderData: keepPreviousData, quietRefetch: true });
  const refresh = () => void tickets.refetch();

  const filtered = Boolean(params.q || params.status || params.from || params.to);

  return (
    <Box component="section">
      <PageHeader
        title="Support Tickets"
        subtitle="Your tickets and the tickets your organisation handles."
        actions={<DialogButton label="Raise Ticket" dialog={RaiseTicketDialog} onSubmitted={refresh} />}
      />
      <Card sx={{ p: 2 }}>
        <ListFilters idPrefix="tickets" q={params.q} from={params.from} to={params.to} sort={params.sort} sortOptions={SORTS} onChange={update}>
          <TextField id="tickets-status" select label="Status" size="small" value={params.status} onChange={(e) => update({ status: e.target.value })} sx={{ minWidth: 200 }}>
            <MenuItem value="">All statuses</MenuItem>
            {menuItems(TICKET_STATUSES, TICKET_STATUS_LABELS)}
          </TextField>
        </ListFilters>
        <PagedList
          query={tickets}
          noun="tickets"
          empty={filtered ? 'No tickets match these filters.' : 'There are no support tickets yet.'}
          count={(page) => countLabel(page.total, 'ticket')}
          onPage={update}
        >
          {(page) => (
            <ListTable
              label="Support tickets"
              columns={['#', 'Subject', 'Status', 'Raised by', 'Handled by', { label: 'Replies', align: 'right' }, 'Created', 'Last activity']}
            >
              {page.items.map((ticket) => (
                <TableRow key={ticket.id} hover>
                  <TableCell>{ticket.number}</TableCell>
                  <TableCell>
                    <Button
                      variant="text"
                      onClick={() => update({ ticket: ticket.id }, { keepPage: true })}
                      sx={{ textTransform: 'none', textAlign: 'left', p: 0, minWidth: 0 }}
                      aria-label={`Open ticket ${ticket.number}: ${ticket.subject}`}
                    >
                      {ticket.subject}
                    </Button>
                  </TableCell>
                  <TableCell>
                    <TicketStatusChip status={ticket.status} />
                  </TableCell>
                  <TableCell>
                    {ticket.author.name}
                    <Typography variant="caption" display="block" color="text.secondary">
                      {ticket.author.organisationName}
                    </Typography>
                  </TableCell>
                  <TableCell>{ticket.handlerOrganisationName}</TableCell>
                  <TableCell align="right">{ticket.replyCount}</TableCell>
                  <TableCell>{formatDateTime(ticket.createdAt)}</TableCell>
                  <TableCell>{formatDateTime(ticket.updatedAt)}</TableCell>
                </TableRow>
              ))}
            </ListTable>
          )}
        </PagedList>
      </Card>
      <TicketDetailDialog ticketId={params.ticket || null} onClose={() => update({ ticket: '' }, { keepPage: true })} />
    </Box>
  );
}
