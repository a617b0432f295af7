import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { WhitelabelResponse, WhitelabelSender } from '@portal/contracts';
import { getWhitelabel, sendWhitelabelSenderCode, verifyWhitelabelSender } from '@portal/contracts/calls';
import { renderWithAlert, signInBeforeEach, testUser } from '../../../testing/session';
import { WhitelabelPage } from './whitelabel-page';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());
jest.setTimeout(30000);

const user = testUser();
const ADDRESS = 'help@reseller.example';
const own = { copyrightText: null, whitelabelImageUrl: null, whiteLabelEmail: ADDRESS, presetColor: null };
const withSender = (sender: WhitelabelSender): WhitelabelResponse => ({
  ...own,
  sourceOrganisationName: 'Demo Partner',
  inherited: false,
  canEdit: true,
  own,
  sender,
});
const codeSent = withSender({ state: 'code_sent', address: ADDRESS, from: 'Demo Partner <no-reply@portal.local>', replyTo: null });

const renderPage = () => renderWithAlert(<WhitelabelPage />);

signInBeforeEach(user);

describe('WhitelabelPage sender address', () => {
  it('asks for the mailed code, says the address is not used yet, and shows the verified From afterwards', async () => {
    jest.mocked(getWhitelabel).mockResolvedValue(codeSent);
    jest.mocked(verifyWhitelabelSender).mockResolvedValue(
      withSender({ state: 'verified', address: ADDRESS, from: `Demo Partner <${ADDRESS}>`, replyTo: `Demo Partner <${ADDRESS}>` }),
    );
    renderPage();
    const section = (await screen.findByRole('heading', { name: 'Sender address' })).closest('section')!;
    expect(within(section).getByTestId('sender-state')).toHaveTextContent('Code sent');
    expect(within(section).getByText(`Enter the six-digit code we mailed to ${ADDRESS}. Until then the address is not used.`)).toBeInTheDocument();
    expect(within(section).getByTestId('sender-headers')).toHaveTextContent('Mail to your users is sent from Demo Partner <no-reply@portal.local>.');

    const ue = userEvent.setup();
    const code = within(section).getByLabelText('Code');
    await ue.type(code, '12a');
    await ue.tab();
    expect(await within(section).findByText('must be exactly 6 characters')).toBeInTheDocument();
    await ue.click(within(section).getByRole('button', { name: 'Verify' }));
    expect(verifyWhitelabelSender).not.toHaveBeenCalled();

    await ue.clear(code);
    await ue.type(code, '123456');
    await ue.click(within(section).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(verifyWhitelabelSender).toHaveBeenCalledWith(user.userId, { code: '123456' }));
    expect(await screen.findByText('The white-label e-mail address is verified.')).toBeInTheDocument();
    expect(within(section).getByTestId('sender-state')).toHaveTextContent('Verified');
    expect(within(section).getByTestId('sender-headers')).toHaveTextContent(
      `Mail to your users is sent from Demo Partner <${ADDRESS}> and replies go to Demo Partner <${ADDRESS}>.`,
    );
    expect(within(section).queryByLabelText('Code')).not.toBeInTheDocument();
  });

  it("shows the API's refusal of a wrong code and keeps the code step", async () => {
    jest.mocked(getWhitelabel).mockResolvedValue(codeSent);
    jest.mocked(verifyWhitelabelSender).mockResolvedValue({ errorMessage: 'Invalid or expired code' });
    renderPage();
    const ue = userEvent.setup();
    await ue.type(await screen.findByLabelText('Code'), '654321');
    await ue.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid or expired code')).toBeInTheDocument();
    expect(screen.getByTestId('sender-state')).toHaveTextContent('Code sent');
  });

  it('explains why a verified address outside the allowed domains is only the Reply-To', async () => {
    jest.mocked(getWhitelabel).mockResolvedValue(
      withSender({ state: 'verified', address: ADDRESS, from: 'Demo Partner <no-reply@portal.local>', replyTo: `Demo Partner <${ADDRESS}>` }),
    );
    renderPage();
    const headers = await screen.findByTestId('sender-headers');
    expect(headers).toHaveTextContent('sent from Demo Partner <no-reply@portal.local> and replies go to Demo Partner <help@reseller.example>.');
    expect(headers).toHaveTextContent(/not one this portal is set up to send for.*SPF and DMARC/);
  });

  it('sends a code to an unverified address on request', async () => {
    jest.mocked(getWhitelabel).mockResolvedValue(withSender({ state: 'unverified', address: ADDRESS, from: 'Demo Partner <no-reply@portal.local>', replyTo: null }));
    jest.mocked(sendWhitelabelSenderCode).mockResolvedValue(codeSent);
    renderPage();
    expect(await screen.findByText(`${ADDRESS} is not verified and is not used. Send a code to it to verify it.`)).toBeInTheDocument();
    expect(screen.queryByLabelText('Code')).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send code' }));
    expect(sendWhitelabelSenderCode).toHaveBeenCalledWith(user.userId);
    expect(await screen.findByLabelText('Code')).toBeInTheDocument();
    expect(screen.getByTestId('sender-state')).toHaveTextContent('Code sent');
  });
});
