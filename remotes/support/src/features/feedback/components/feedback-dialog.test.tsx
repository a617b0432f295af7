import { screen, waitFor } from '@testing-library/react';
import { createFeedback } from '@portal/contracts/calls';
import { snackbarStore } from '@portal/ui';
import { expectErrorAlert, renderDialog, setupDialogTests } from '../../../testing/render-dialog';
import { SESSION_USER } from '../../../testing/setup-session';
import { FeedbackDialog } from './feedback-dialog';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());
jest.setTimeout(30000);
const mockedCreate = setupDialogTests(createFeedback);

const field = () => screen.getByRole('textbox', { name: /^Feedback/ });

describe('FeedbackDialog', () => {
  it('requires feedback before submit', async () => {
    const { user } = renderDialog(FeedbackDialog);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Feedback is required')).toBeInTheDocument();
    expect(mockedCreate).not.toHaveBeenCalled();
  });

  it('counts characters and says "Character Limit Exceeded" past 250', async () => {
    const { user } = renderDialog(FeedbackDialog);
    expect(screen.getByTestId('support-feedback-counter')).toHaveTextContent('0/250');
    await user.click(field());
    await user.paste('f'.repeat(250));
    expect(screen.getByTestId('support-feedback-counter')).toHaveTextContent('250/250');
    expect(screen.queryByText('Character Limit Exceeded')).not.toBeInTheDocument();
    await user.type(field(), '!');
    expect(await screen.findByText('Character Limit Exceeded')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(mockedCreate).not.toHaveBeenCalled();
  });

  it('submits and shows "Feedback submitted successfully." for 6000 ms', async () => {
    mockedCreate.mockResolvedValue({ id: 'f1' });
    const { user, onClose } = renderDialog(FeedbackDialog);
    await user.type(field(), 'Great portal');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(mockedCreate).toHaveBeenCalledWith({ userId: SESSION_USER.userId, feedback: 'Great portal' });
    expect(await screen.findByText('Feedback submitted successfully.')).toBeInTheDocument();
    expect(snackbarStore.getState().autoHideDuration).toBe(6000);
  });

  it('shows the server errorMessage as an error alert', async () => {
    mockedCreate.mockResolvedValue({ errorMessage: 'Not found' });
    const { user, onClose } = renderDialog(FeedbackDialog);
    await user.type(field(), 'x');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await expectErrorAlert('Not found');
    expect(onClose).not.toHaveBeenCalled();
  });
});
