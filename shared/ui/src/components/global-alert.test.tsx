import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { alertStore, resetAlertStore, showAlert } from '../stores/alert-store';
import { GlobalAlert } from './global-alert';

beforeEach(() => resetAlertStore());
afterEach(() => jest.useRealTimers());

describe('GlobalAlert', () => {
  it('renders nothing while the message is empty', () => {
    render(<GlobalAlert />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('defaults the type to success', async () => {
    render(<GlobalAlert />);
    await act(async () => showAlert({ message: 'Saved' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Saved');
    expect(screen.getByRole('alert').className).toMatch(/filledSuccess/);
    expect(alertStore.getState().type).toBe('success');
  });

  it('shows the type and title it is given', async () => {
    render(<GlobalAlert />);
    await act(async () => showAlert({ message: 'Invalid username or password', type: 'error', title: 'Sign-in failed' }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Sign-in failed');
    expect(alert).toHaveTextContent('Invalid username or password');
    expect(alert.className).toMatch(/filledError/);
  });

  it('sits at the top centre', async () => {
    render(<GlobalAlert />);
    await act(async () => showAlert({ message: 'Hi' }));
    const snackbar = screen.getByRole('alert').parentElement as HTMLElement;
    expect(snackbar.className).toMatch(/anchorOriginTopCenter/);
  });

  it('closes with the Close button', async () => {
    const user = userEvent.setup();
    render(<GlobalAlert />);
    await act(async () => showAlert({ message: 'Dismiss me', type: 'info' }));
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(alertStore.getState().open).toBe(false);
  });

  it('hides itself after 5000 ms', async () => {
    jest.useFakeTimers();
    render(<GlobalAlert />);
    await act(async () => showAlert({ message: 'Soon gone' }));
    act(() => jest.advanceTimersByTime(4900));
    expect(alertStore.getState().open).toBe(true);
    act(() => jest.advanceTimersByTime(200));
    expect(alertStore.getState().open).toBe(false);
    act(() => jest.runOnlyPendingTimers());
    expect(screen.queryByText('Soon gone')).not.toBeInTheDocument();
  });

  it('restarts the timer when a new alert arrives', async () => {
    jest.useFakeTimers();
    render(<GlobalAlert />);
    await act(async () => showAlert({ message: 'First' }));
    act(() => jest.advanceTimersByTime(4000));
    await act(async () => showAlert({ message: 'Second', type: 'warning' }));
    act(() => jest.advanceTimersByTime(4000));
    expect(alertStore.getState().open).toBe(true);
    expect(screen.getByRole('alert')).toHaveTextContent('Second');
  });
});
