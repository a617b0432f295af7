import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { acceptInvitation } from '@portal/contracts/calls';
import { AcceptInvitePage } from './accept-invite-page';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());
const mocked = acceptInvitation as jest.Mock;

beforeEach(() => mocked.mockReset());

describe('AcceptInvitePage', () => {
  it('sets the password with the e-mail and token from the link', async () => {
    mocked.mockResolvedValue({ message: 'Your password is set. You can sign in now.' });
    render(<AcceptInvitePage search="?email=ina%40example.com&token=abc_DEF-123" />);
    expect(screen.getByText('Choose a password for ina@example.com.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Password/), 'Sunny#Harbour42');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(mocked).toHaveBeenCalledWith({ email: 'ina@example.com', token: 'abc_DEF-123', password: 'Sunny#Harbour42' }));
    expect(await screen.findByText('Your password is set. You can sign in now.')).toBeInTheDocument();
  });

  it('shows the API error and refuses a link without a token', async () => {
    mocked.mockResolvedValue({ errorMessage: 'This invitation link is invalid or has expired' });
    const { unmount } = render(<AcceptInvitePage search="?email=ina%40example.com&token=abc" />);
    await userEvent.type(screen.getByLabelText(/^Password/), 'Sunny#Harbour42');
    await userEvent.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('This invitation link is invalid or has expired')).toBeInTheDocument();
    unmount();
    render(<AcceptInvitePage search="?email=ina%40example.com" />);
    expect(screen.getByText('This invitation link is invalid or has expired')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Set password' })).not.toBeInTheDocument();
  });
});
