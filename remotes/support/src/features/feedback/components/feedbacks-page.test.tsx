import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { deleteFeedback, listFeedbacks } from '@portal/contracts/calls';
import type { FeedbackEntry } from '@portal/contracts';
import { renderInMemoryRouter } from '@portal/ui/testing';
import { signInBeforeEach } from '../../../testing/setup-session';
import { FeedbacksPage } from './feedbacks-page';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());
jest.setTimeout(30000);

const entry = (id: string, feedback: string, canDelete: boolean): FeedbackEntry => ({
  id,
  feedback,
  canDelete,
  author: { userId: 'u', name: 'Chris Customer', organisationName: 'Demo Customer' },
  createdAt: '2026-01-02T10:00:00.000Z',
});

signInBeforeEach();

function renderPage(url = '/feedbacks') {
  const { router } = renderInMemoryRouter(url, { routes: [{ path: '/feedbacks', element: <FeedbacksPage /> }] });
  return { router, user: userEvent.setup() };
}

describe('FeedbacksPage', () => {
  it('lists feedback with totals, date range from the URL, and a delete button only where allowed', async () => {
    jest.mocked(listFeedbacks).mockResolvedValue({ items: [entry('f1', 'Great', true), entry('f2', 'Slow', false)], total: 2, page: 1, pageSize: 20 });
    renderPage('/feedbacks?from=2026-01-01&to=2026-01-31');
    expect(await screen.findByText('2 entries')).toBeInTheDocument();
    expect(listFeedbacks).toHaveBeenLastCalledWith({ q: undefined, from: '2026-01-01', to: '2026-01-31', sort: '-createdAt', page: 1, pageSize: 20 });
    expect(screen.getAllByRole('button', { name: /^Delete feedback/ })).toHaveLength(1);
    expect(screen.getByLabelText('From')).toHaveValue('2026-01-01');
  });

  it('deletes after confirmation and reloads', async () => {
    jest.mocked(listFeedbacks).mockResolvedValueOnce({ items: [entry('f1', 'Great', true)], total: 1, page: 1, pageSize: 20 });
    jest.mocked(listFeedbacks).mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 20 });
    jest.mocked(deleteFeedback).mockResolvedValue({ message: 'Feedback deleted.' });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: /^Delete feedback/ }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete this feedback?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleteFeedback).toHaveBeenCalledWith('f1'));
    expect(await screen.findByText('There is no feedback yet.')).toBeInTheDocument();
  });
});
