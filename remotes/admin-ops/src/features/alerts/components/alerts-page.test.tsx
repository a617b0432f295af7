import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { acknowledgeAlert, listAlerts, resolveAlert } from '@portal/contracts/calls';
import { alertStore } from '@portal/ui';
import { alertView } from '../../../testing/fixtures';
import { expectEmptyThenError } from '../../../testing/render-first-visit';
import { AlertsPage } from './alerts-page';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());

const mock = (fn: unknown) => fn as jest.Mock;

beforeEach(() => {
  jest.clearAllMocks();
  mock(listAlerts).mockResolvedValue({
    alerts: [alertView('1'), alertView('2', { status: 'acknowledged', acknowledgedByName: 'partner', acknowledgedAt: '2026-11-21T11:00:00.000Z', severity: 'warning', organisationName: null })],
  });
});

describe('AlertsPage', () => {
  it('lists alerts as text with severity, organisation and who acknowledged', async () => {
    render(<AlertsPage />);
    const table = await screen.findByRole('table', { name: 'Alerts' });
    expect(within(table).getByText('Job failed: <b>Backup 1</b>')).toBeInTheDocument();
    expect(within(table).getByText('Platform')).toBeInTheDocument();
    expect(within(table).getByText(/Acknowledged by partner/)).toBeInTheDocument();
    expect(within(table).getByText('Warning')).toBeInTheDocument();
    // Only open alerts can be acknowledged; both can be resolved.
    expect(within(table).getAllByRole('button', { name: /^Acknowledge/ })).toHaveLength(1);
    expect(within(table).getAllByRole('button', { name: /^Resolve/ })).toHaveLength(2);
    expect(listAlerts).toHaveBeenCalledWith({ severity: undefined, status: 'active' });
  });

  it('filters by severity and status', async () => {
    render(<AlertsPage />);
    await screen.findByRole('table', { name: 'Alerts' });
    await userEvent.click(screen.getByRole('combobox', { name: 'Severity' }));
    await userEvent.click(screen.getByRole('option', { name: 'Critical' }));
    await waitFor(() => expect(listAlerts).toHaveBeenLastCalledWith({ severity: 'critical', status: 'active' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Status' }));
    await userEvent.click(screen.getByRole('option', { name: 'Resolved' }));
    await waitFor(() => expect(listAlerts).toHaveBeenLastCalledWith({ severity: 'critical', status: 'resolved' }));
  });

  it('shows what raised each alert and filters by source', async () => {
    mock(listAlerts).mockResolvedValue({
      alerts: [alertView('1'), alertView('2', { source: 'security:bruteforce:u1', message: 'Possible brute-force attack' }), alertView('3', { source: 'm365:consent:t1', message: 'Tenant lost access' })],
    });
    render(<AlertsPage />);
    const table = await screen.findByRole('table', { name: 'Alerts' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2].textContent)).toEqual(['Job', 'Security', 'Microsoft 365']);
    await userEvent.click(screen.getByRole('combobox', { name: 'Source' }));
    await userEvent.click(screen.getByRole('option', { name: 'Security' }));
    await waitFor(() => expect(listAlerts).toHaveBeenLastCalledWith({ severity: undefined, status: 'active', kind: 'security' }));
  });

  it('acknowledges and resolves, then reloads', async () => {
    mock(acknowledgeAlert).mockResolvedValue(alertView('1', { status: 'acknowledged' }));
    mock(resolveAlert).mockResolvedValue({ errorMessage: 'The alert is already resolved' });
    render(<AlertsPage />);
    await screen.findByRole('table', { name: 'Alerts' });
    await userEvent.click(screen.getByRole('button', { name: 'Acknowledge: Job failed: <b>Backup 1</b>' }));
    expect(acknowledgeAlert).toHaveBeenCalledWith('1');
    await waitFor(() => expect(alertStore.getState()).toEqual(expect.objectContaining({ message: 'Alert acknowledged' })));
    await waitFor(() => expect(listAlerts).toHaveBeenCalledTimes(2));
    await userEvent.click(screen.getByRole('button', { name: 'Resolve: Job failed: <b>Backup 2</b>' }));
    expect(resolveAlert).toHaveBeenCalledWith('2');
    await waitFor(() => expect(alertStore.getState()).toEqual(expect.objectContaining({ message: 'The alert is already resolved', type: 'error' })));
  });

  it('shows empty and error states', async () => {
    await expectEmptyThenError(
      <AlertsPage />,
      listAlerts,
      { answer: { alerts: [] }, text: 'No alerts match these filters.' },
      { answer: { errorMessage: 'Internal server error' }, text: 'Internal server error' },
    );
    mock(listAlerts).mockResolvedValueOnce({ alerts: [alertView('3')] });
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Job failed: <b>Backup 3</b>')).toBeInTheDocument();
  });
});
