import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { disableMfa, enableMfa, requestMfaChallenge, startMfaSetup } from '@portal/contracts/calls';
import { MfaDialog, type MfaAction } from './mfa-dialog';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());
jest.setTimeout(30000);

const USER_ID = '6f1c1f7e-7c11-4d0b-9a57-6d0d8f3d2a10';
const mock = (fn: unknown) => fn as jest.Mock;

function renderDialog(action: MfaAction) {
  const onChanged = jest.fn();
  const onClose = jest.fn();
  render(<MfaDialog userId={USER_ID} action={action} onChanged={onChanged} onClose={onClose} />);
  return { onChanged, onClose, dialog: screen.getByRole('dialog') };
}

beforeEach(() => jest.clearAllMocks());

describe('MfaDialog', () => {
  it('enrols an authenticator app: password, QR code drawn as SVG, then the code', async () => {
    mock(startMfaSetup).mockResolvedValue({
      method: 'totp',
      message: 'Scan the QR code with your authenticator app, then enter the code it shows.',
      secret: 'JBSWY3DPEHPK3PXP',
      otpauthUri: 'otpauth://totp/Cloud%20Backup%20Portal:jane%40example.com?secret=JBSWY3DPEHPK3PXP&issuer=Cloud%20Backup%20Portal',
    });
    mock(enableMfa).mockResolvedValue({ message: 'Multi-factor authentication is on.', mfaMethod: 'totp' });
    const { dialog, onChanged } = renderDialog({ kind: 'enable', method: 'totp' });
    const ue = userEvent.setup();
    await ue.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Current Password is required')).toBeInTheDocument();
    await ue.type(within(dialog).getByLabelText('Current Password'), 'Portal#2026');
    await ue.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const qr = await within(dialog).findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(Number(qr.getAttribute('data-modules'))).toBeGreaterThanOrEqual(21);
    expect(qr.querySelector('path')!.getAttribute('d')!.length).toBeGreaterThan(100);
    expect(within(dialog).getByTestId('totp-secret')).toHaveTextContent('JBSWY3DPEHPK3PXP');
    expect(startMfaSetup).toHaveBeenCalledWith(USER_ID, { method: 'totp', currentPassword: 'Portal#2026' });

    await ue.type(within(dialog).getByLabelText('Code'), '12ab');
    expect(await within(dialog).findByText('must be exactly 6 characters')).toBeInTheDocument();
    await ue.clear(within(dialog).getByLabelText('Code'));
    await ue.type(within(dialog).getByLabelText('Code'), '123456');
    await ue.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith({ message: 'Multi-factor authentication is on.', mfaMethod: 'totp' }));
    expect(enableMfa).toHaveBeenCalledWith(USER_ID, { method: 'totp', currentPassword: 'Portal#2026', code: '123456' });
  });

  it('shows the server errorMessage for a wrong password and stays on the password step', async () => {
    mock(requestMfaChallenge).mockResolvedValue({ errorMessage: 'Current password is incorrect' });
    const { dialog } = renderDialog({ kind: 'disable' });
    const ue = userEvent.setup();
    await ue.type(within(dialog).getByLabelText('Current Password'), 'Wrong#Pass1');
    await ue.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(await within(dialog).findByText('Current password is incorrect')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Code')).not.toBeInTheDocument();
    expect(disableMfa).not.toHaveBeenCalled();
  });
});
