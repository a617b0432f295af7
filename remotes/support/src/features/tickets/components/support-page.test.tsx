import { screen } from '@testing-library/react';
import { getSupportContact, listTickets } from '@portal/contracts/calls';
import { renderInMemoryRouter } from '@portal/ui/testing';
import { signInBeforeEach } from '../../../testing/setup-session';
import { SupportPage } from './support-page';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());

signInBeforeEach();

it('shows the support contact, the open tickets of the user and a Raise Ticket button', async () => {
  jest.mocked(getSupportContact).mockResolvedValue({ organisationName: 'Demo Partner', email: null, sameOrganisation: false });
  jest.mocked(listTickets).mockResolvedValue({
    items: [
      {
        id: 't1',
        number: 3,
        subject: 'Restore is slow',
        description: 'd',
        status: 'in_progress',
        author: { userId: 'u', name: 'Chris', organisationName: 'Demo Customer' },
        handlerOrganisationName: 'Demo Partner',
        replyCount: 2,
        createdAt: '2026-01-02T10:00:00.000Z',
        updatedAt: '2026-01-02T10:00:00.000Z',
      },
    ],
    total: 1,
    page: 1,
    pageSize: 10,
  });
  renderInMemoryRouter('/support', { routes: [{ path: '/support', element: <SupportPage /> }] });
  expect(await screen.findByText('Demo Partner')).toBeInTheDocument();
  expect(await screen.findByRole('link', { name: /#3 Restore is slow/ })).toHaveAttribute('href', '/support-tickets?ticket=t1');
  expect(listTickets).toHaveBeenCalledWith({ author: 'me', status: 'open,in_progress,waiting_for_customer', sort: '-updatedAt', pageSize: 10 });
  expect(screen.getByRole('button', { name: 'Raise Ticket' })).toBeInTheDocument();
});

it('shows an error when the contact cannot be loaded and an empty state', async () => {
  jest.mocked(getSupportContact).mockResolvedValue({ errorMessage: 'Internal server error' });
  jest.mocked(listTickets).mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 10 });
  renderInMemoryRouter('/support', { routes: [{ path: '/support', element: <SupportPage /> }] });
  expect(await screen.findByText(/The support contact could not be loaded/)).toBeInTheDocument();
  expect(await screen.findByText('You have no open tickets.')).toBeInTheDocument();
});
