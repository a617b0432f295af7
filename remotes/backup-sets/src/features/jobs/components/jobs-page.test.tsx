import { screen, waitFor, within } from '@testing-library/react';
import { cancelJob, getJob, getJobLog, listJobs, retryJob } from '@portal/contracts/calls';
import { job } from '../../../testing/fixtures';
import { renderPage } from '../../../testing/render-page';
import { JobsPage } from './jobs-page';

jest.mock('@portal/contracts/calls', () => ({
  listJobs: jest.fn(),
  getJob: jest.fn(),
  getJobLog: jest.fn(),
  cancelJob: jest.fn(),
  retryJob: jest.fn(),
  getJobDownloadLink: jest.fn(),
}));
jest.setTimeout(30000);

const RUNNING = job();
const FAILED = job({ id: '7a000000-0000-4000-8000-000000000002', status: 'failed', title: 'Backup of Sales', failureReason: 'Graph said 403', finishedAt: '2026-11-21T03:00:00.000Z' });
const page = (items = [RUNNING, FAILED]) => ({ items, total: items.length, page: 1, pageSize: 25 });

beforeEach(() => jest.mocked(listJobs).mockReset());

describe('JobsPage', () => {
  it('reads the filters from the URL and shows status, progress, rate and ETA, updating live without a reload', async () => {
    jest.mocked(listJobs)
      .mockResolvedValueOnce(page())
      .mockResolvedValue(page([{ ...RUNNING, status: 'succeeded', finishedAt: '2026-11-21T02:05:00.000Z', progress: { ...RUNNING.progress, itemsDone: 800, percent: 100, etaSeconds: 0 } }, FAILED]));
    renderPage('/jobs', <JobsPage />, '/jobs?type=backup&status=running,failed&sort=-finishedAt');
    const table = await screen.findByRole('table', { name: 'Jobs' });
    expect(listJobs).toHaveBeenCalledWith({ q: undefined, type: 'backup', status: 'running,failed', setId: undefined, sort: '-finishedAt', page: 1, pageSize: 25 });
    const row = within(table).getByText('Backup of Head office mail').closest('tr')!;
    expect(within(row).getByText('Running')).toBeInTheDocument();
    expect(within(row).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    expect(row).toHaveTextContent('40.0 items/s');
    expect(row).toHaveTextContent('ETA 10s');
    // Polls while something runs: the row turns Succeeded by itself.
    expect(await within(table).findByText('Succeeded', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(listJobs).toHaveBeenCalledTimes(2);
  });

  it('cancels a running job and retries a failed one', async () => {
    jest.mocked(listJobs).mockResolvedValue(page());
    jest.mocked(cancelJob).mockResolvedValue({ ...RUNNING, cancelRequested: true });
    jest.mocked(retryJob).mockResolvedValue(job({ id: '7a000000-0000-4000-8000-000000000003', status: 'queued', retryOf: FAILED.id }));
    const { user } = renderPage('/jobs', <JobsPage />, '/jobs');
    await user.click(await screen.findByRole('button', { name: 'Cancel Backup of Head office mail' }));
    await waitFor(() => expect(cancelJob).toHaveBeenCalledWith(RUNNING.id));
    expect(screen.queryByRole('button', { name: 'Cancel Backup of Sales' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry Backup of Sales' }));
    await waitFor(() => expect(retryJob).toHaveBeenCalledWith(FAILED.id));
  });

  it("opens a job's log from the URL", async () => {
    jest.mocked(listJobs).mockResolvedValue(page());
    jest.mocked(getJob).mockResolvedValue(FAILED);
    jest.mocked(getJobLog).mockResolvedValue({ items: [{ seq: 1, at: '2026-11-21T02:00:00.000Z', level: 'error', message: 'Mailbox of Bob: 403 Forbidden' }] });
    renderPage('/jobs', <JobsPage />, `/jobs?job=${FAILED.id}`);
    const dialog = await screen.findByRole('dialog', { name: 'Log of Backup of Sales' });
    expect(await within(dialog).findByText(/\[error\] Mailbox of Bob: 403 Forbidden/)).toBeInTheDocument();
    expect(within(dialog).getByText('Graph said 403')).toBeInTheDocument();
    expect(getJobLog).toHaveBeenCalledWith(FAILED.id, 0);
  });

  it('shows the empty state', async () => {
    jest.mocked(listJobs).mockResolvedValue(page([]));
    renderPage('/jobs', <JobsPage />, '/jobs');
    expect(await screen.findByText('There are no jobs yet. Run a backup to start one.')).toBeInTheDocument();
  });
});
