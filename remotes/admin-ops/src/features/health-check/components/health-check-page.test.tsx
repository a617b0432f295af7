import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getHealth } from '@portal/contracts/calls';
import { HealthCheckPage } from './health-check-page';

jest.mock('@portal/contracts/calls', () => ({ getHealth: jest.fn() }));

const mocked = getHealth as jest.Mock;
const health = {
  status: 'ok',
  checkedAt: '2026-03-01T10:00:00.000Z',
  api: { status: 'ok', version: '0.3.1', uptimeSeconds: 3725 },
  database: { status: 'ok', driver: 'pglite', latencyMs: 2 },
  remotes: [
    { name: 'support', version: '0.1.0-1a2b3c4d', publishedAt: '2026-03-01T09:00:00.000Z' },
    { name: 'admin_ops', version: '0.1.0-5e6f7a8b', publishedAt: '2026-03-01T09:05:00.000Z' },
  ],
};

beforeEach(() => mocked.mockReset());

describe('HealthCheckPage', () => {
  it('shows overall, API, database and remote versions', async () => {
    mocked.mockResolvedValue(health);
    render(<HealthCheckPage />);
    expect(await screen.findByText('0.3.1')).toBeInTheDocument();
    expect(screen.getByText('1h 2m 5s')).toBeInTheDocument();
    expect(screen.getByText('pglite')).toBeInTheDocument();
    expect(screen.getByText('2 ms')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Remotes' });
    expect(within(table).getByText('0.1.0-1a2b3c4d')).toBeInTheDocument();
    expect(within(table).getByText('admin_ops')).toBeInTheDocument();
  });

  it('refreshes on demand', async () => {
    mocked.mockResolvedValueOnce(health).mockResolvedValueOnce({ ...health, status: 'degraded', database: { ...health.database, status: 'down', latencyMs: null } });
    render(<HealthCheckPage />);
    await screen.findByText('0.3.1');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByText('degraded')).toBeInTheDocument();
    expect(screen.getByText('n/a')).toBeInTheDocument();
    expect(mocked).toHaveBeenCalledTimes(2);
  });

  it('shows an errorMessage (e.g. a non-admin) as an error', async () => {
    mocked.mockResolvedValue({ errorMessage: 'Forbidden' });
    render(<HealthCheckPage />);
    expect(await screen.findByText('Forbidden')).toBeInTheDocument();
  });
});
