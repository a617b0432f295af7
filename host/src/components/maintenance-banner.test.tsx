import { act, render, screen } from '@testing-library/react';
import { getPublicMaintenance } from '@portal/contracts/calls';
import { MAINTENANCE_POLL_MS, MaintenanceBanner } from './maintenance-banner';

jest.mock('@portal/contracts/calls', () => ({ getPublicMaintenance: jest.fn() }));

const get = getPublicMaintenance as jest.Mock;
const ON = { enabled: true, message: 'Upgrading <img src=x onerror=alert(1)> until 14:00', since: '2026-03-01T10:00:00.000Z' };
const OFF = { enabled: false, message: null, since: null };

beforeEach(() => get.mockReset());

/** The first check waits for the page to be idle (a timer, then requestIdleCallback where there is one). */
const idle = () => act(() => new Promise<void>((resolve) => setTimeout(resolve, 5)));
afterEach(() => jest.useRealTimers());

describe('MaintenanceBanner', () => {
  it('shows the message as text in a status region', async () => {
    get.mockResolvedValue(ON);
    const { container } = render(<MaintenanceBanner />);
    const banner = await screen.findByRole('status');
    expect(banner).toHaveTextContent('Maintenance');
    expect(banner).toHaveTextContent(ON.message);
    expect(container.querySelector('img')).toBeNull();
  });

  it('shows nothing while off or when the check fails', async () => {
    get.mockResolvedValueOnce(OFF).mockResolvedValueOnce({ errorMessage: 'Network error' });
    render(<MaintenanceBanner />);
    await idle();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(get).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('polls every minute and after focus', async () => {
    jest.useFakeTimers();
    get.mockResolvedValueOnce(OFF).mockResolvedValueOnce(ON).mockResolvedValueOnce(OFF);
    render(<MaintenanceBanner />);
    await act(async () => {
      jest.advanceTimersByTime(0);
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    await act(async () => {
      jest.advanceTimersByTime(MAINTENANCE_POLL_MS);
    });
    expect(screen.getByRole('status')).toHaveTextContent('until 14:00');
    await act(async () => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(get).toHaveBeenCalledTimes(3);
  });

  it('makes its first check once the page is idle, not while it renders (the request layer loads with it)', async () => {
    get.mockResolvedValue(ON);
    render(<MaintenanceBanner />);
    expect(get).not.toHaveBeenCalled();
    await idle();
    expect(get).toHaveBeenCalledTimes(1);
    await screen.findByRole('status');
  });
});
