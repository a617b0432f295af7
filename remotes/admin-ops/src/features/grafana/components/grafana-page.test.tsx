import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getMetricsConfig, getMetricsHistory } from '@portal/contracts/calls';
import { GrafanaPage } from './grafana-page';
import { sandboxFor } from './grafana-embed';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());

const config = getMetricsConfig as jest.Mock;
const history = getMetricsHistory as jest.Mock;

const point = (at: string, overrides: Record<string, unknown> = {}) => ({
  at,
  requestsPerMinute: 12,
  errorRate: 0,
  p95LatencyMs: 48.5,
  jobsSucceeded: 3,
  jobsFailed: 1,
  bytesProtected: 5 * 1024 * 1024,
  queueDepth: 2,
  ...overrides,
});

beforeEach(() => {
  config.mockReset();
  history.mockReset();
});

describe('GrafanaPage', () => {
  it('embeds the configured Grafana in a titled, sandboxed frame with a new-tab link', async () => {
    config.mockResolvedValue({ grafanaUrl: 'https://grafana.example.com/d/portal-overview?kiosk' });
    render(<GrafanaPage />);
    const frame = await screen.findByTitle('Grafana dashboard');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://grafana.example.com/d/portal-overview?kiosk');
    const sandbox = frame.getAttribute('sandbox')!.split(' ');
    expect(sandbox).toEqual(expect.arrayContaining(['allow-scripts', 'allow-same-origin']));
    expect(sandbox).not.toContain('allow-top-navigation');
    const link = screen.getByRole('link', { name: /open grafana in a new tab/i });
    expect(link).toHaveAttribute('href', 'https://grafana.example.com/d/portal-overview?kiosk');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(history).not.toHaveBeenCalled();
  });

  it('never combines scripts and same-origin for a Grafana on the portal origin', () => {
    expect(sandboxFor('https://portal.example.com/grafana/', 'https://portal.example.com')).not.toContain('allow-same-origin');
    expect(sandboxFor('https://grafana.example.com/', 'https://portal.example.com')).toContain('allow-same-origin');
  });

  it('draws the history as charts with table alternatives when no Grafana is configured', async () => {
    config.mockResolvedValue({ grafanaUrl: null });
    history.mockResolvedValue({ range: '1h', stepMinutes: 1, points: [point('2026-03-01T10:00:00.000Z'), point('2026-03-01T10:01:00.000Z', { requestsPerMinute: 40, p95LatencyMs: null })] });
    render(<GrafanaPage />);
    const requests = await screen.findByRole('region', { name: 'Requests per minute' });
    expect(within(requests).getByText('Requests/min: latest 40, peak 40')).toBeInTheDocument();
    const table = within(requests).getByRole('table', { name: 'Requests per minute' });
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    const latency = screen.getByRole('region', { name: 'Latency (p95)' });
    expect(within(within(latency).getByRole('table')).getByText('no data')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Bytes protected' })).getByText(/latest 5\.0 MB/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Jobs finished' })).getByText('Succeeded: latest 3, peak 3; Failed: latest 1, peak 1')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Job queue depth' })).toBeInTheDocument();
    expect(history).toHaveBeenCalledWith('1h');
    expect(screen.queryByTitle('Grafana dashboard')).not.toBeInTheDocument();
  });

  it('switches the range, and shows empty and error states', async () => {
    config.mockResolvedValue({ grafanaUrl: null });
    history.mockResolvedValueOnce({ range: '1h', stepMinutes: 1, points: [] }).mockResolvedValueOnce({ errorMessage: 'Forbidden' }).mockResolvedValueOnce({ range: '7d', stepMinutes: 120, points: [point('2026-03-01T10:00:00.000Z')] });
    render(<GrafanaPage />);
    expect(await screen.findByText(/No samples in the last hour yet/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The metrics could not be loaded: Forbidden');
    expect(history).toHaveBeenLastCalledWith('7d');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Last 7 days, one point per 2 hours.')).toBeInTheDocument();
  });

  it('shows a failed config load with a retry', async () => {
    config.mockResolvedValueOnce({ errorMessage: 'Forbidden' }).mockResolvedValueOnce({ grafanaUrl: 'https://grafana.example.com/' });
    render(<GrafanaPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The metrics settings could not be loaded: Forbidden');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTitle('Grafana dashboard')).toBeInTheDocument();
  });
});
