import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deleteTicket, getTicket, listTickets, replyToTicket } from '@portal/contracts/calls';
import type { TicketDetail, TicketSummary } from '@portal/contracts';
import { GlobalAlert } from '@portal/ui';
import { renderInMemoryRouter } from '@portal/ui/testing';
import { SESSION_USER, signInBeforeEach } from '../../../testing/setup-session';
import { SupportTicketsPage } from './support-tickets-page';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());
jest.setTimeout(30000);

const ticket: TicketSummary = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  number: 7,
  subject: 'Backup failed',
  description: 'The nightly backup failed.',
  status: 'open',
  author: { userId: SESSION_USER.userId, name: 'Chris Customer', organisationName: 'Demo Customer' },
  handlerOrganisationName: 'Demo Partner',
  replyCount: 1,
  createdAt: '2026-01-02T10:00:00.000Z',
  updatedAt: '2026-01-02T11:00:00.000Z',
};
const detail: TicketDetail = {
  ...ticket,
  conversation: [
    { id: 'e1', kind: 'reply', author: { userId: 'p', name: 'Paula Partner', organisationName: 'Demo Partner' }, fromSupport: true, body: 'We are on it.', status: null, createdAt: '2026-01-02T11:00:00.000Z' },
  ],
  permissions: { reply: true, statuses: ['closed'], delete: true },
};

signInBeforeEach();
beforeEach(() => jest.mocked(listTickets).mockReset());

function renderPage(url = '/support-tickets') {
  const { router } = renderInMemoryRouter(url, { routes: [{ path: '/support-tickets', element: <SupportTicketsPage /> }] }, <GlobalAlert />);
  return { router, user: userEvent.setup() };
}

describe('SupportTicketsPage', () => {
  it('reads the list state from the URL and shows totals and rows', async () => {
    jest.mocked(listTickets).mockResolvedValue({ items: [ticket], total: 21, page: 2, pageSize: 20 });
    renderPage('/support-tickets?q=backup&status=open&sort=subject&page=2');
    expect(await screen.findByText('21 tickets')).toBeInTheDocument();
    expect(listTickets).toHaveBeenLastCalledWith({ q: 'backup', status: 'open', from: undefined, to: undefined, sort: 'subject', page: 2, pageSize: 20 });
    const row = screen.getByRole('button', { name: 'Open ticket 7: Backup failed' }).closest('tr')!;
    expect(within(row).getByText('Open')).toBeInTheDocument();
    expect(within(row).getByText('Demo Partner')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('backup');
  });

  it('puts a new filter in the URL and goes back to page 1', async () => {
    jest.mocked(listTickets).mockResolvedValue({ items: [ticket], total: 1, page: 1, pageSize: 20 });
    const { router, user } = renderPage('/support-tickets?page=3');
    await screen.findByText('1 ticket');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Resolved' }));
    await waitFor(() => expect(router.location.search).toBe('?status=resolved'));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'mail');
    await waitFor(() => expect(router.location.search).toBe('?status=resolved&q=mail'));
    await waitFor(() => expect(listTickets).toHaveBeenLastCalledWith(expect.objectContaining({ q: 'mail', status: 'resolved', page: 1 })));
  });

  it('shows the empty and the error state', async () => {
    jest.mocked(listTickets).mockResolvedValueOnce({ items: [], total: 0, page: 1, pageSize: 20 });
    renderPage();
    expect(await screen.findByText('There are no support tickets yet.')).toBeInTheDocument();
  });

  it('shows an error with Retry', async () => {
    jest.mocked(listTickets).mockResolvedValueOnce({ errorMessage: 'Internal server error' }).mockResolvedValueOnce({ items: [], total: 0, page: 1, pageSize: 20 });
    const { user } = renderPage();
    expect(await screen.findByText(/The tickets could not be loaded: Internal server error/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('There are no support tickets yet.')).toBeInTheDocument();
  });

  it('opens a ticket with its conversation, sends a reply and deletes after confirmation', async () => {
    jest.mocked(listTickets).mockResolvedValue({ items: [ticket], total: 1, page: 1, pageSize: 20 });
    jest.mocked(getTicket).mockResolvedValue(detail);
    jest.mocked(replyToTicket).mockResolvedValue({
      ...detail,
      conversation: [...detail.conversation, { ...detail.conversation[0], id: 'e2', fromSupport: false, body: 'Thanks!', author: ticket.author }],
    });
    jest.mocked(deleteTicket).mockResolvedValue({ message: 'Ticket deleted.' });
    const { router, user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Open ticket 7: Backup failed' }));
    await waitFor(() => expect(router.location.search).toBe(`?ticket=${ticket.id}`));
    const dialog = await screen.findByRole('dialog', { name: '#7 Backup failed' });
    expect(await within(dialog).findByText('We are on it.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Reply/ }), 'Thanks!');
    await user.click(within(dialog).getByRole('button', { name: 'Send reply' }));
    expect(await within(dialog).findByText('Thanks!', { selector: 'p' })).toBeInTheDocument();
    expect(replyToTicket).toHaveBeenCalledWith(ticket.id, { body: 'Thanks!' });

    await user.click(within(dialog).getByRole('button', { name: 'Delete ticket' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this ticket?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleteTicket).toHaveBeenCalledWith(SESSION_USER.userId, ticket.id));
    await waitFor(() => expect(router.location.search).toBe(''));
  });
});
