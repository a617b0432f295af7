import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GlobalAlert, GlobalSnackbar } from '@portal/ui';
import type { ComponentType } from 'react';
import { signInBeforeEach } from './setup-session';

/** An open support form dialog with the host's global alert and snackbar beside it, and mocks for its callbacks. */
export function renderDialog(Dialog: ComponentType<{ open: boolean; onClose: () => void; onSubmitted?: () => void }>) {
  const onClose = jest.fn();
  const onSubmitted = jest.fn();
  render(
    <>
      <GlobalAlert />
      <GlobalSnackbar />
      <Dialog open onClose={onClose} onSubmitted={onSubmitted} />
    </>,
  );
  return { onClose, onSubmitted, user: userEvent.setup() };
}

/** Before each test of a form dialog: the signed-in customer, and its call (a mock) reset. */
export function setupDialogTests(call: unknown): jest.Mock {
  const mocked = call as jest.Mock;
  signInBeforeEach();
  beforeEach(() => mocked.mockReset());
  return mocked;
}

/** The global alert shows `text` as an error; it lives outside the modal dialog, so outside the accessible tree while the dialog is open. */
export async function expectErrorAlert(text: string): Promise<void> {
  const alert = await screen.findByRole('alert', { hidden: true });
  expect(alert).toHaveTextContent(text);
  expect(alert).toHaveClass('MuiAlert-colorError');
}
