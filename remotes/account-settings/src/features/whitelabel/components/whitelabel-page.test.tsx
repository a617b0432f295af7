import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { commitWhitelabelImage, getWhitelabel, updateWhitelabel, uploadWhitelabelImage } from '@portal/contracts/calls';
import { menuStore } from '@portal/ui';
import { inheritedWhitelabel, renderWithAlert, signInBeforeEach, testUser } from '../../../testing/session';
import { WhitelabelPage } from './whitelabel-page';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());
jest.setTimeout(30000);

const user = testUser();
const inherited = inheritedWhitelabel();
const mock = (fn: unknown) => fn as jest.Mock;

const renderPage = () => renderWithAlert(<WhitelabelPage />);

signInBeforeEach(user);
beforeEach(() => mock(getWhitelabel).mockResolvedValue(inherited));

describe('WhitelabelPage', () => {
  it('says where the current branding comes from and previews the inherited text', async () => {
    renderPage();
    expect(await screen.findByText(/shows the branding of Demo Provider/)).toBeInTheDocument();
    expect(screen.getByTestId('preview-copyright')).toHaveTextContent('© Provider');
  });

  it('validates as the user types: unsafe logo URLs, SVG, length; the preview follows the fields live', async () => {
    renderPage();
    const form = await screen.findByRole('form', { name: 'White-label settings' });
    const ue = userEvent.setup();
    const logo = within(form).getByLabelText('Logo URL');
    await ue.type(logo, 'javascript:alert(1)');
    expect(await within(form).findByText('javascript: and data: URLs are not allowed for the logo')).toBeInTheDocument();
    await ue.clear(logo);
    await ue.type(logo, 'https://cdn.example.com/logo.svg');
    expect(await within(form).findByText('SVG images are not accepted: upload a PNG, JPEG or WebP image')).toBeInTheDocument();
    await ue.clear(logo);
    await ue.type(logo, 'http://cdn.example.com/logo.png');
    expect(await within(form).findByText('Logo URL must be an https:// address')).toBeInTheDocument();
    await ue.clear(logo);
    await ue.type(logo, 'https://cdn.example.com/logo.png');
    expect(screen.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', 'https://cdn.example.com/logo.png');

    const copyright = within(form).getByLabelText('Copyright text');
    await ue.type(copyright, '<b>Acme</b> & Co');
    // Typed markup is shown as characters, never as HTML.
    expect(screen.getByTestId('preview-copyright')).toHaveTextContent('<b>Acme</b> & Co');
    expect(screen.getByTestId('preview-copyright').querySelector('b')).toBeNull();
    await ue.click(copyright);
    await ue.paste('x'.repeat(200));
    expect(await within(form).findByText('Copyright text must be at most 200 characters')).toBeInTheDocument();
    await ue.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(updateWhitelabel).not.toHaveBeenCalled();
  });

  it('saves, then the shell data (menu store) and its cache hold the new branding', async () => {
    const saved = {
      copyrightText: '© Partner',
      whitelabelImageUrl: 'https://cdn.example.com/logo.png',
      whiteLabelEmail: 'backup@partner.example',
      presetColor: null,
      sourceOrganisationName: 'Demo Partner',
      inherited: false,
      canEdit: true,
      own: { copyrightText: '© Partner', whitelabelImageUrl: 'https://cdn.example.com/logo.png', whiteLabelEmail: 'backup@partner.example', presetColor: null },
    };
    mock(updateWhitelabel).mockResolvedValue(saved);
    renderPage();
    const form = await screen.findByRole('form', { name: 'White-label settings' });
    const ue = userEvent.setup();
    await ue.type(within(form).getByLabelText('Copyright text'), '© Partner');
    await ue.type(within(form).getByLabelText('White-label e-mail'), 'backup@partner.example');
    await ue.type(within(form).getByLabelText('Logo URL'), 'https://cdn.example.com/logo.png');
    await ue.click(within(form).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(updateWhitelabel).toHaveBeenCalled());
    expect(mock(updateWhitelabel).mock.calls[0]).toEqual([
      user.userId,
      { copyrightText: '© Partner', whiteLabelEmail: 'backup@partner.example', whitelabelImageUrl: 'https://cdn.example.com/logo.png', presetColor: 'default' },
    ]);
    expect(await screen.findByText('White-label settings saved.')).toBeInTheDocument();
    expect(menuStore.getState().whiteLabelData).toEqual({
      copyrightText: '© Partner',
      whitelabelImageUrl: 'https://cdn.example.com/logo.png',
      whiteLabelEmail: 'backup@partner.example',
      presetColor: null,
    });
    expect(JSON.parse(window.localStorage.getItem('whitelabel')!).copyrightText).toBe('© Partner');
  });

  it('uploads a logo in two steps; the preview and the shell show it, typed text is kept', async () => {
    const url = `/backend/media/${'b'.repeat(64)}.png`;
    mock(uploadWhitelabelImage).mockResolvedValue({ uploadId: 'up-1', imageUrl: url, contentType: 'image/png', size: 9 });
    mock(commitWhitelabelImage).mockResolvedValue({
      ...inherited,
      whitelabelImageUrl: url,
      copyrightText: null,
      sourceOrganisationName: 'Demo Partner',
      inherited: false,
      own: { copyrightText: null, whitelabelImageUrl: url, whiteLabelEmail: null, presetColor: null },
    });
    renderPage();
    const form = await screen.findByRole('form', { name: 'White-label settings' });
    const ue = userEvent.setup();
    await ue.type(within(form).getByLabelText('Copyright text'), 'Typed but not saved');
    const png = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0])], 'logo.png', { type: 'image/png' });
    await ue.upload(screen.getByTestId('upload-logo-input'), png);
    await waitFor(() => expect(commitWhitelabelImage).toHaveBeenCalledWith(user.userId, { uploadId: 'up-1' }));
    expect(await screen.findByText('Logo updated.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', url);
    expect(menuStore.getState().whiteLabelData?.whitelabelImageUrl).toBe(url);
    expect(within(form).getByLabelText('Copyright text')).toHaveValue('Typed but not saved');
  });

  it('shows a load failure with Retry', async () => {
    mock(getWhitelabel).mockResolvedValueOnce({ errorMessage: 'Not found' }).mockResolvedValueOnce(inherited);
    renderPage();
    expect(await screen.findByText(/could not be loaded/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('form', { name: 'White-label settings' })).toBeInTheDocument();
  });
});
