import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getNotificationSettings, updateNotificationSettings } from '@portal/contracts/calls';
import { renderWithAlert, signInBeforeEach, testUser } from '../../../testing/session';
import { NotificationPage } from './notification-page';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());
jest.setTimeout(30000);

const user = testUser('CUSTOMER');
const defaults = { jobFailures: true, jobWarnings: true, dailySummary: false, alertSeverity: 'warning', productNews: false, supportTickets: true, usageReports: true };
const mock = (fn: unknown) => fn as jest.Mock;

signInBeforeEach(user);
beforeEach(() => mock(getNotificationSettings).mockResolvedValue(defaults));

describe('NotificationPage', () => {
  it('loads the saved preferences and saves the changed ones', async () => {
    mock(updateNotificationSettings).mockImplementation(async (_id, body) => body);
    renderWithAlert(<NotificationPage />);
    const form = await screen.findByRole('form', { name: 'Notification settings' });
    expect(within(form).getByRole('switch', { name: /Job failures/ })).toBeChecked();
    expect(within(form).getByRole('switch', { name: /Daily summary/ })).not.toBeChecked();
    const ue = userEvent.setup();
    await ue.click(within(form).getByRole('switch', { name: /Daily summary/ }));
    await ue.click(within(form).getByRole('switch', { name: /Job warnings/ }));
    await ue.click(within(form).getByRole('combobox', { name: 'Alerts by severity' }));
    await ue.click(await screen.findByRole('option', { name: 'Critical only' }));
    await ue.click(within(form).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(updateNotificationSettings).toHaveBeenCalled());
    expect(mock(updateNotificationSettings).mock.calls[0]).toEqual([user.userId, { ...defaults, dailySummary: true, jobWarnings: false, alertSeverity: 'critical' }]);
    expect(await screen.findByText('Notification settings saved.')).toBeInTheDocument();
    expect(screen.getByText(/Security notices .* are always sent/)).toBeInTheDocument();
  });

  it('shows a load error with Retry', async () => {
    mock(getNotificationSettings).mockRejectedValueOnce(new Error('Invalid response received')).mockResolvedValueOnce(defaults);
    render(<NotificationPage />);
    expect(await screen.findByText(/could not be loaded: Invalid response received/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('form', { name: 'Notification settings' })).toBeInTheDocument();
  });
});
