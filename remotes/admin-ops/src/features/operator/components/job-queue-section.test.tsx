import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { OperatorJob } from '@portal/contracts';
import { cancelOperatorJob, listOperatorJobs } from '@portal/contracts/calls';
import { alertStore } from '@portal/ui';
import { expectEmptyThenError } from '../../../testing/render-first-visit';
import { JobQueueSection } from './job-queue-section';
import { OPERATOR_REFRESH_MS } from './operator-format';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());

const mock = (fn: unknown) => fn as jest.Mock;

const job = (id: string, overrides: Partial<OperatorJob> = {}): OperatorJob => ({
  id,
  organisationId: 'org-1',
  organisationName: 'Demo Customer',
  type: 'backup',
  title: `Backup of set ${id}`,
  status: 'running',
  percent: 42.5,
  createdAt: '2026-11-21T10:00:00.000Z',
  startedAt: '2026-11-21T10:00:05.000Z',
  ageSeconds: 125,
  workerId: 'host:1:abc',
  cancelRequested: false,
  ...overrides,
});

const page = (items: OperatorJob[], total = items.length, p = 1, pageSize = 20) => ({ items, total, page: p, pageSize });

beforeEach(() => {
  jest.clearAllMocks();
  mock(listOperatorJobs).mockResolvedValue(page([job('a'), job('b', { status: 'queued', percent: null, type: 'restore', organisationName: 'Other Org', ageSeconds: 30 })]));
});

describe('JobQueueSection', () => {
  it('lists queued and running jobs with organisation, type, state, progress and age', async () => {
    render(<JobQueueSection />);
    const table = await screen.findByRole('table', { name: /Queued and running jobs/ });
    const running = within(table).getByRole('row', { name: /Backup of set a/ });
    expect(running).toHaveTextContent('Demo Customer');
    expect(running).toHaveTextContent('Running');
    expect(running).toHaveTextContent('42.5%');
    expect(running).toHaveTextContent('2 min');
    expect(within(running).getByRole('progressbar', { name: 'Progress of Backup of set a' })).toHaveAttribute('aria-valuenow', '43');
    const queued = within(table).getByRole('row', { name: /Backup of set b/ });
    expect(queued).toHaveTextContent('Other Org');
    expect(queued).toHaveTextContent('restore');
    expect(queued).toHaveTextContent('Queued');
    expect(queued).toHaveTextContent('30 s');
    expect(listOperatorJobs).toHaveBeenCalledWith({ page: 1, pageSize: 20 });
  });

  it('cancels a job only after confirmation, then reloads', async () => {
    mock(cancelOperatorJob).mockResolvedValue(job('a', { cancelRequested: true }));
    render(<JobQueueSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Backup of set a' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel this job?' });
    expect(dialog).toHaveTextContent('“Backup of set a” of Demo Customer stops at its next checkpoint');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Keep running' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(cancelOperatorJob).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel Backup of set a' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel job' }));
    expect(cancelOperatorJob).toHaveBeenCalledWith('a');
    await waitFor(() => expect(alertStore.getState()).toEqual(expect.objectContaining({ message: 'Cancellation of “Backup of set a” requested', type: 'success' })));
    await waitFor(() => expect(listOperatorJobs).toHaveBeenCalledTimes(2));
  });

  it('shows the API refusing a cancel as an error', async () => {
    mock(cancelOperatorJob).mockResolvedValue({ errorMessage: 'This job has already finished' });
    render(<JobQueueSection />);
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel Backup of set a' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel job' }));
    await waitFor(() => expect(alertStore.getState()).toEqual(expect.objectContaining({ message: 'This job has already finished', type: 'error' })));
  });

  it('pages through the queue', async () => {
    mock(listOperatorJobs).mockImplementation(async ({ page: p }: { page: number }) => page([job(p === 1 ? 'a' : 'z')], 25, p));
    render(<JobQueueSection />);
    await screen.findByRole('row', { name: /Backup of set a/ });
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    expect(await screen.findByRole('row', { name: /Backup of set z/ })).toBeInTheDocument();
    expect(listOperatorJobs).toHaveBeenLastCalledWith({ page: 2, pageSize: 20 });
  });

  it('refreshes every few seconds without blanking the table', async () => {
    jest.useFakeTimers();
    try {
      render(<JobQueueSection />);
      // findBy advances the fake clock a little: the data layer tells the page about an answer on a zero timeout.
      expect(await screen.findByRole('row', { name: /Backup of set a/ })).toBeInTheDocument();
      mock(listOperatorJobs).mockReturnValueOnce(new Promise(() => undefined));
      await act(async () => jest.advanceTimersByTime(OPERATOR_REFRESH_MS));
      expect(listOperatorJobs).toHaveBeenCalledTimes(2);
      expect(screen.getByRole('row', { name: /Backup of set a/ })).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows empty and error states', async () => {
    await expectEmptyThenError(<JobQueueSection />, listOperatorJobs, { answer: page([]), text: 'No job is queued or running.' }, { answer: { errorMessage: 'Forbidden' }, text: 'Forbidden' });
  });
});
