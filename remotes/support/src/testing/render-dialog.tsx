import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GlobalAlert, GlobalSnackbar } from '@portal/ui';
import type { ComponentType } from 'react';

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
