import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getTicket, listFeedbacks, listTickets } from '@portal/contracts/calls';
import { USER_ACCESS_MESSAGES, type FeedbackEntry, type TicketDetail, type UserAccess } from '@portal/contracts';
import { profileStore } from '@portal/ui';
import type { ReactElement } from 'react';
import { renderInMemoryRouter } from '@portal/ui/testing';
import { SESSION_USER, signInBeforeEach } from '../testing/setup-session';
import { FeedbacksPage } from '../features/feedback/components/feedbacks-page';
import { SupportTicketsPage } from '../features/tickets/components/support-tickets-page';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../testing/calls-mock').callsMock());
jest.setTimeout(30000);

const author = { userId: SESSION_USER.userId, name: 'Chris Customer', organisationName: 'Demo Customer' };
const ticket: TicketDetail = {
  id: 'a1b2c3d4-0000-4000-8000-000000000001',
  number: 7,
  subject: 'Backup failed',
  description: 'The nightly backup failed.',
  status: 'open',
  author,
  handlerOrganisationName: 'Demo Partner',
  replyCount: 1,
  createdAt: '2026-01-02T10:00:00.000Z',
  updatedAt: '2026-01-02T11:00:00.000Z',
  conversation: [
    { id: 'e1', kind: 'reply', author: { userId: 'p', name: 'Paula Partner', organisationName: 'Demo Partner' }, fromSupport: true, body: 'We are on it.', status: null, createdAt: '2026-01-02T11:00:00.000Z' },
  ],
  permissions: { reply: true, statuses: ['closed'], delete: true },
};
const feedback: FeedbackEntry = { id: 'f1', feedback: 'Great', canDelete: true, author, createdAt: '2026-01-02T10:00:00.000Z' };

signInBeforeEach();
afterEach(() => profileStore.getState().clear());

function signInWith(access: UserAccess) {
  const { userId, username, email, firstName, lastName, role } = SESSION_USER;
  profileStore.getState().setProfile({ userId, username, email, firstName, lastName, role, profileImageUrl: null, organisationName: 'Demo Customer', access });
}

function renderAt(path: string, element: ReactElement) {
  renderInMemoryRouter(path, { routes: [{ path, element }] });
  return userEvent.setup();
}

function expectReadOnly(button: HTMLElement) {
  expect(button).toBeDisabled();
  expect(button).toHaveAccessibleDescription(USER_ACCESS_MESSAGES.readOnly);
}

describe('support pages for a read-only user', () => {
  beforeEach(() => {
    jest.mocked(listTickets).mockResolvedValue({ items: [ticket], total: 1, page: 1, pageSize: 20 });
    jest.mocked(getTicket).mockResolvedValue(ticket);
    jest.mocked(listFeedbacks).mockResolvedValue({ items: [feedback], total: 1, page: 1, pageSize: 20 });
  });

  it('lets them read a ticket but not raise, reply, change status or delete', async () => {
    signInWith('read-only');
    const user = renderAt('/support-tickets', <SupportTicketsPage />);
    expectReadOnly(screen.getByRole('button', { name: 'Raise Ticket' }));
    await user.click(await screen.findByRole('button', { name: 'Open ticket 7: Backup failed' }));
    const dialog = await screen.findByRole('dialog', { name: '#7 Backup failed' });
    expect(await within(dialog).findByText('We are on it.')).toBeInTheDocument();
    for (const name of ['Send reply', 'Update status', 'Delete ticket']) expectReadOnly(within(dialog).getByRole('button', { name }));
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeEnabled();
  });

  it('disables giving and deleting feedback', async () => {
    signInWith('read-only');
    renderAt('/feedbacks', <FeedbacksPage />);
    expectReadOnly(await screen.findByRole('button', { name: /^Delete feedback from Chris Customer/ }));
    expectReadOnly(screen.getByRole('button', { name: 'Give Feedback' }));
  });

  it('keeps them enabled with full access', async () => {
    signInWith('full');
    const user = renderAt('/support-tickets', <SupportTicketsPage />);
    expect(screen.getByRole('button', { name: 'Raise Ticket' })).toBeEnabled();
    await user.click(await screen.findByRole('button', { name: 'Open ticket 7: Backup failed' }));
    const dialog = await screen.findByRole('dialog', { name: '#7 Backup failed' });
    await within(dialog).findByText('We are on it.');
    for (const name of ['Send reply', 'Delete ticket']) expect(within(dialog).getByRole('button', { name })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'Send reply' })).not.toHaveAccessibleDescription(USER_ACCESS_MESSAGES.readOnly);
  });
});
