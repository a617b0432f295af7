import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { openSnackbar, resetSnackbarStore, snackbarStore } from '../stores/snackbar-store';
import { GlobalSnackbar } from './global-snackbar';

beforeEach(() => resetSnackbarStore());
afterEach(() => jest.useRealTimers());

describe('snackbar store', () => {
  it('starts with the spec defaults: closed, "Note archived", bottom-right, default variant, primary filled alert, fade, close shown', () => {
    expect(snackbarStore.getState()).toEqual(
      expect.objectContaining({
        open: false,
        message: 'Note archived',
        anchorOrigin: { vertical: 'bottom', horizontal: 'right' },
        variant: 'default',
        alert: { color: 'primary', variant: 'filled' },
        transition: 'Fade',
        close: true,
        actionButton: false,
        autoHideDuration: null,
      }),
    );
  });

  it('toggles the action flag on every open and falls back to defaults for missing values', () => {
    openSnackbar({ message: 'One', anchorOrigin: { vertical: 'top', horizontal: 'left' } });
    const first = snackbarStore.getState();
    expect(first.open).toBe(true);
    expect(first.anchorOrigin).toEqual({ vertical: 'top', horizontal: 'left' });
    openSnackbar({ message: 'Two' });
    const second = snackbarStore.getState();
    expect(second.action).toBe(!first.action);
    expect(second.anchorOrigin).toEqual({ vertical: 'bottom', horizontal: 'right' });
  });
});

describe('GlobalSnackbar', () => {
  it('shows an alert snackbar and hides it after its auto-hide time', async () => {
    jest.useFakeTimers();
    render(<GlobalSnackbar />);
    await act(async () => openSnackbar({ message: 'Saved', variant: 'alert', alert: { color: 'success', variant: 'filled' }, autoHideDuration: 6000 }));
    expect(screen.getByRole('alert')).toHaveTextContent('Saved');
    expect(screen.getByRole('alert').className).toMatch(/filledSuccess/);
    act(() => jest.advanceTimersByTime(5999));
    expect(snackbarStore.getState().open).toBe(true);
    act(() => jest.advanceTimersByTime(1));
    expect(snackbarStore.getState().open).toBe(false);
  });

  it('closes with its Close button', async () => {
    render(<GlobalSnackbar />);
    await act(async () => openSnackbar({ message: 'Note' }));
    expect(screen.getByText('Note')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(snackbarStore.getState().open).toBe(false);
  });
});
