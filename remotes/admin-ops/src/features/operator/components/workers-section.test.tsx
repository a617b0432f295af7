import { render, screen, within } from '@testing-library/react';
import { listEngineWorkers } from '@portal/contracts/calls';
import { renderFirstVisit } from '../../../testing/render-first-visit';
import { WorkersSection } from './workers-section';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());

const mock = listEngineWorkers as jest.Mock;
const worker = {
  id: 'api-1:100:aa',
  host: 'api-1',
  pid: 100,
  queueKind: 'pg-boss',
  startedAt: '2026-11-21T09:00:00.000Z',
  lastSeenAt: '2026-11-21T10:00:00.000Z',
  lastSeenSeconds: 4,
  alive: true,
  runningJobs: 1,
  jobIds: ['job-7'],
};

beforeEach(() => mock.mockReset());

describe('WorkersSection', () => {
  it('lists alive and stale workers with host, pid, queue, last seen and running jobs', async () => {
    mock.mockResolvedValue({ workers: [worker, { ...worker, id: 'old', host: 'worker-2', pid: 7, alive: false, lastSeenSeconds: 600, runningJobs: 0, jobIds: [] }], aliveAfterSeconds: 60 });
    render(<WorkersSection />);
    const table = await screen.findByRole('table', { name: /Engine worker processes; a worker not seen for 60 seconds is stale/ });
    const alive = within(table).getByRole('row', { name: /api-1/ });
    expect(alive).toHaveTextContent('Alive');
    expect(alive).toHaveTextContent('100');
    expect(alive).toHaveTextContent('pg-boss');
    expect(alive).toHaveTextContent('4 s ago');
    expect(alive).toHaveTextContent('1(job-7)');
    const stale = within(table).getByRole('row', { name: /worker-2/ });
    expect(stale).toHaveTextContent('Stale');
    expect(stale).toHaveTextContent('10 min ago');
  });

  it('says when no worker has reported, and shows errors', async () => {
    mock.mockResolvedValueOnce({ workers: [], aliveAfterSeconds: 60 });
    const { unmount } = render(<WorkersSection />);
    expect(await screen.findByText(/No worker has reported yet/)).toBeInTheDocument();
    unmount();
    mock.mockResolvedValueOnce({ errorMessage: 'Forbidden' });
    renderFirstVisit(<WorkersSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Forbidden');
  });
});
