import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Health } from '@portal/contracts';
import { getHealth } from '@portal/contracts/calls';
import { HEALTH_REFRESH_MS, HealthCheckPage } from './health-check-page';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());

const mocked = getHealth as jest.Mock;
const health: Health = {
  status: 'degraded',
  checkedAt: '2026-03-01T10:00:00.000Z',
  api: { status: 'ok', version: '0.3.1', uptimeSeconds: 3725 },
  database: { status: 'ok', driver: 'pglite', latencyMs: 2 },
  email: { status: 'ok', latencyMs: 1.5, detail: 'Outbox mode (no SMTP_URL): messages are kept in the database, not delivered. 4 undelivered', mode: 'outbox', pending: 4, oldestPendingSeconds: 7200 },
  blobStore: { status: 'degraded', latencyMs: 3, detail: 'Probe failed: disk full', kind: 'local' },
  jobQueue: { status: 'ok', latencyMs: 1, detail: 'Embedded queue: 2 queued, 1 running, 1 live worker', kind: 'embedded', queued: 2, running: 1, oldestQueuedSeconds: 45, liveWorkers: 1 },
  tenants: [
    { id: 't1', name: 'Contoso', organisationName: 'Demo Customer', graphOrganization: 'Contoso Ltd', status: 'ok', latencyMs: 40, error: null, checkedAt: '2026-03-01T10:00:00.000Z' },
    { id: 't2', name: 'Fabrikam', organisationName: 'Other Customer', graphOrganization: null, status: 'down', latencyMs: 12, error: 'invalid_client: bad secret', checkedAt: '2026-03-01T10:00:00.000Z' },
  ],
  remotes: [
    { name: 'support', version: '0.1.0-1a2b3c4d', publishedAt: '2026-03-01T09:00:00.000Z', status: 'degraded', loads24h: 12, failures24h: 1, lastFailure: { message: 'chunk 7 failed', at: '2026-03-01T09:30:00.000Z' } },
    { name: 'admin_ops', version: '0.1.0-5e6f7a8b', publishedAt: '2026-03-01T09:05:00.000Z', status: 'ok', loads24h: 3, failures24h: 0, lastFailure: null },
  ],
};

const card = (name: string) => screen.getByRole('region', { name });

beforeEach(() => mocked.mockReset());

describe('HealthCheckPage', () => {
  it('shows the overall status and a card for API, database, e-mail, blob store and job queue', async () => {
    mocked.mockResolvedValue(health);
    render(<HealthCheckPage />);
    expect(await screen.findByText('0.3.1')).toBeInTheDocument();
    expect(within(card('API')).getByText('1h 2m 5s')).toBeInTheDocument();
    expect(within(card('Database')).getByText('pglite')).toBeInTheDocument();
    expect(within(card('Database')).getByText('2 ms')).toBeInTheDocument();
    const email = card('E-mail');
    expect(within(email).getByText(/^Outbox mode/)).toBeInTheDocument();
    expect(within(email).getByText('Undelivered').nextSibling).toHaveTextContent('4');
    expect(within(email).getByText('Oldest undelivered').nextSibling).toHaveTextContent('2 h');
    const blob = card('Blob store');
    expect(within(blob).getByText('Degraded')).toBeInTheDocument();
    expect(within(blob).getByText('Probe failed: disk full')).toBeInTheDocument();
    const queue = card('Job queue');
    expect(within(queue).getByText('Queued').nextSibling).toHaveTextContent('2');
    expect(within(queue).getByText('Live workers').nextSibling).toHaveTextContent('1');
    expect(within(queue).getByText('Oldest queued').nextSibling).toHaveTextContent('45 s');
    expect(screen.getByText('Overall status').parentElement).toHaveTextContent('Degraded');
  });

  it("lists tenants' Graph connectivity and remotes with browser loads and failures", async () => {
    mocked.mockResolvedValue(health);
    render(<HealthCheckPage />);
    const tenants = await screen.findByRole('table', { name: /Microsoft Graph connectivity/ });
    const fabrikam = within(tenants).getByRole('row', { name: /Fabrikam/ });
    expect(fabrikam).toHaveTextContent('Other Customer');
    expect(fabrikam).toHaveTextContent('Down');
    expect(fabrikam).toHaveTextContent('invalid_client: bad secret');
    expect(within(tenants).getByRole('row', { name: /Contoso/ })).toHaveTextContent('Contoso Ltd');
    const remotes = screen.getByRole('table', { name: /^Remotes/ });
    const support = within(remotes).getByRole('row', { name: /support/ });
    expect(support).toHaveTextContent('0.1.0-1a2b3c4d');
    expect(support).toHaveTextContent('12');
    expect(support).toHaveTextContent('Degraded');
    expect(support).toHaveTextContent('chunk 7 failed');
    expect(within(remotes).getByRole('row', { name: /admin_ops/ })).toHaveTextContent('None');
  });

  it('says so when no tenant is connected and no remote is published', async () => {
    mocked.mockResolvedValue({ ...health, tenants: [], remotes: [] });
    render(<HealthCheckPage />);
    expect(await screen.findByText('No backup tenant is connected.')).toBeInTheDocument();
    expect(screen.getByText('No remote is published.')).toBeInTheDocument();
  });

  it('refreshes on demand and keeps the last answer on screen meanwhile', async () => {
    let resolveSecond: (value: unknown) => void = () => undefined;
    mocked.mockResolvedValueOnce(health).mockReturnValueOnce(new Promise((resolve) => (resolveSecond = resolve)));
    render(<HealthCheckPage />);
    await screen.findByText('0.3.1');
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(screen.getByText('0.3.1')).toBeInTheDocument();
    await act(async () => resolveSecond({ ...health, status: 'down', database: { ...health.database, status: 'down', latencyMs: null } }));
    // The data layer tells the page about the answer on a zero timeout, after act's microtasks.
    expect(await within(card('Database')).findByText('n/a')).toBeInTheDocument();
    expect(screen.getByText('Overall status').parentElement).toHaveTextContent('Down');
    expect(mocked).toHaveBeenCalledTimes(2);
  });

  it('refreshes by itself while visible', async () => {
    jest.useFakeTimers();
    try {
      mocked.mockResolvedValue(health);
      render(<HealthCheckPage />);
      await act(async () => undefined);
      expect(mocked).toHaveBeenCalledTimes(1);
      await act(async () => jest.advanceTimersByTime(HEALTH_REFRESH_MS));
      expect(mocked).toHaveBeenCalledTimes(2);
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows an errorMessage (e.g. a non-admin) as an error with Retry', async () => {
    mocked.mockResolvedValueOnce({ errorMessage: 'Forbidden' }).mockResolvedValueOnce(health);
    render(<HealthCheckPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The health check could not be loaded: Forbidden');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('0.3.1')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows a loading state before the first answer', () => {
    mocked.mockReturnValue(new Promise(() => undefined));
    render(<HealthCheckPage />);
    expect(screen.getByRole('progressbar', { name: 'Loading health check' })).toBeInTheDocument();
  });
});
