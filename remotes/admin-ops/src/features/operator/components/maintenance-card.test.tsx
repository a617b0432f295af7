import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getMaintenance, setMaintenance } from '@portal/contracts/calls';
import { alertStore, resetAlertStore } from '@portal/ui';
import { MaintenanceCard } from './maintenance-card';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());

const get = getMaintenance as jest.Mock;
const set = setMaintenance as jest.Mock;
const OFF = { enabled: false, message: null, since: null };

beforeEach(() => {
  get.mockReset();
  set.mockReset();
  resetAlertStore();
});

describe('MaintenanceCard', () => {
  it('needs a message of at most 500 characters to switch on, then saves it', async () => {
    get.mockResolvedValue(OFF);
    set.mockResolvedValue({ enabled: true, message: 'Back at 14:00', since: '2026-03-01T10:00:00.000Z' });
    render(<MaintenanceCard />);
    const toggle = await screen.findByRole('switch', { name: 'Maintenance mode on' });
    await userEvent.click(toggle);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('message is a required field')).toBeInTheDocument();
    expect(set).not.toHaveBeenCalled();

    const field = screen.getByRole('textbox', { name: 'Message to users' });
    await userEvent.click(field);
    await userEvent.paste('x'.repeat(501));
    expect(await screen.findByText('must be at most 500 characters')).toBeInTheDocument();
    await userEvent.clear(field);
    await userEvent.type(field, 'Back at 14:00');
    expect(screen.getByText('13/500 characters, plain text')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(set).toHaveBeenCalledWith({ enabled: true, message: 'Back at 14:00' });
    expect(await screen.findByText('On')).toBeInTheDocument();
    expect(screen.getByText(/On since/)).toBeInTheDocument();
    expect(alertStore.getState()).toMatchObject({ message: 'Maintenance mode is on', type: 'success' });
  });

  it('switches off without a message and shows server errors', async () => {
    get.mockResolvedValue({ enabled: true, message: '<b>Upgrading</b>', since: '2026-03-01T10:00:00.000Z' });
    set.mockResolvedValueOnce({ errorMessage: 'Forbidden' }).mockResolvedValueOnce(OFF);
    render(<MaintenanceCard />);
    // The stored message comes back as plain text in the field, never as markup.
    expect(await screen.findByRole('textbox', { name: 'Message to users' })).toHaveValue('<b>Upgrading</b>');
    await userEvent.click(screen.getByRole('switch', { name: 'Maintenance mode on' }));
    await userEvent.clear(screen.getByRole('textbox', { name: 'Message to users' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(set).toHaveBeenLastCalledWith({ enabled: false, message: '' });
    expect(alertStore.getState()).toMatchObject({ message: 'Forbidden', type: 'error' });
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Off')).toBeInTheDocument();
  });

  it('shows a load failure with a retry', async () => {
    get.mockResolvedValueOnce({ errorMessage: 'Forbidden' }).mockResolvedValueOnce(OFF);
    render(<MaintenanceCard />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The maintenance mode could not be loaded: Forbidden');
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('switch', { name: 'Maintenance mode on' })).not.toBeChecked();
  });
});
