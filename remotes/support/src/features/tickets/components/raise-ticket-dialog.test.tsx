import { screen, waitFor } from '@testing-library/react';
import { createTicket } from '@portal/contracts/calls';
import { snackbarStore } from '@portal/ui';
import { expectErrorAlert, renderDialog, setupDialogTests } from '../../../testing/render-dialog';
import { SESSION_USER } from '../../../testing/setup-session';
import { RaiseTicketDialog } from './raise-ticket-dialog';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());
jest.setTimeout(30000);
const mockedCreate = setupDialogTests(createTicket);

const subject = () => screen.getByRole('textbox', { name: /^Subject/ });
const description = () => screen.getByRole('textbox', { name: /^Description/ });

describe('RaiseTicketDialog', () => {
  it('validates everything before submit: both required messages, nothing sent', async () => {
    const { user } = renderDialog(RaiseTicketDialog);
    expect(screen.getByRole('dialog', { name: 'Raise Ticket' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Description is required')).toBeInTheDocument();
    expect(mockedCreate).not.toHaveBeenCalled();
  });

  it('shows counters and "Character Limit Exceeded" past 100 and 500 characters, on change', async () => {
    const { user } = renderDialog(RaiseTicketDialog);
    expect(screen.getByTestId('support-subject-counter')).toHaveTextContent('0/100');
    expect(screen.getByTestId('support-description-counter')).toHaveTextContent('0/500');
    await user.click(subject());
    await user.paste('s'.repeat(100));
    expect(screen.getByTestId('support-subject-counter')).toHaveTextContent('100/100');
    expect(screen.queryByText('Character Limit Exceeded')).not.toBeInTheDocument();
    await user.type(subject(), 'x');
    expect(screen.getByTestId('support-subject-counter')).toHaveTextContent('101/100');
    expect(await screen.findByText('Character Limit Exceeded')).toBeInTheDocument();
    expect(subject()).toHaveAccessibleDescription(/Character Limit Exceeded/);
    await user.click(description());
    await user.paste('d'.repeat(501));
    expect(screen.getByTestId('support-description-counter')).toHaveTextContent('501/500');
    await waitFor(() => expect(screen.getAllByText('Character Limit Exceeded')).toHaveLength(2));
  });

  it('shows "Subject is required" on blur of an empty field', async () => {
    const { user } = renderDialog(RaiseTicketDialog);
    await user.click(subject());
    await user.tab();
    expect(await screen.findByText('Subject is required')).toBeInTheDocument();
  });

  it('sends userId, subject, description and shows the 6000 ms success snackbar', async () => {
    mockedCreate.mockResolvedValue({ id: 't1', number: 1 });
    const { user, onClose, onSubmitted } = renderDialog(RaiseTicketDialog);
    await user.type(subject(), 'Backup failed');
    await user.type(description(), 'Last night');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(mockedCreate).toHaveBeenCalledWith({ userId: SESSION_USER.userId, subject: 'Backup failed', description: 'Last night' });
    expect(await screen.findByText('Support Ticket submitted successfully.')).toBeInTheDocument();
    expect(snackbarStore.getState()).toMatchObject({ open: true, autoHideDuration: 6000, alert: { color: 'success' } });
    expect(onSubmitted).toHaveBeenCalledWith({ id: 't1', number: 1 });
  });

  it('shows a server errorMessage, or an exception, as an error alert and keeps the dialog open', async () => {
    mockedCreate.mockResolvedValueOnce({ errorMessage: 'Character Limit Exceeded' }).mockRejectedValueOnce(new Error('Invalid response received'));
    const { user, onClose } = renderDialog(RaiseTicketDialog);
    await user.type(subject(), 'S');
    await user.type(description(), 'D');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await expectErrorAlert('Character Limit Exceeded');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(screen.getByRole('alert', { hidden: true })).toHaveTextContent('Invalid response received'));
    expect(onClose).not.toHaveBeenCalled();
    expect(snackbarStore.getState().open).toBe(false);
  });
});
