import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  commitProfileImage,
  getAccountProfile,
  getProfile,
  listSessions,
  updateProfile,
  uploadProfileImage,
} from '@portal/contracts/calls';
import { GlobalAlert, profileStore, resetAlertStore } from '@portal/ui';
import { MemoryRouter } from 'react-router-dom';
import { accountProfile, signIn, testUser } from '../../../testing/session';
import { ProfilePage } from './profile-page';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());

jest.setTimeout(30000);

const user = testUser();
const profile = accountProfile();
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const mock = (fn: unknown) => fn as jest.Mock;

function renderPage() {
  return render(
    <MemoryRouter>
      <GlobalAlert />
      <ProfilePage />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  signIn(user);
  profileStore.setState({ profile: null, error: null, loading: false });
  resetAlertStore();
  jest.clearAllMocks();
  mock(getProfile).mockResolvedValue({ ...user, organisationName: 'Acme Partners', profileImageUrl: null });
  mock(getAccountProfile).mockResolvedValue(profile);
  mock(listSessions).mockResolvedValue({
    items: [{ id: 's1', createdAt: '2026-11-21T10:00:00Z', lastSeenAt: '2026-11-21T11:00:00Z', expiresAt: '2026-11-21T22:00:00Z', ip: '10.0.0.1', userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0', current: true }],
  });
});

describe('ProfilePage', () => {
  it('refreshes the shared profile (spec section 4) and fills the form from the full profile', async () => {
    renderPage();
    const form = await screen.findByRole('form', { name: 'Profile details' });
    expect(getProfile).toHaveBeenCalledWith(user.userId);
    expect(getAccountProfile).toHaveBeenCalledWith(user.userId);
    expect(within(form).getByLabelText(/First Name/)).toHaveValue('Jane');
    expect(within(form).getByLabelText(/E-mail/)).toHaveValue('jane@example.com');
    await waitFor(() => expect(JSON.parse(window.localStorage.getItem('profile')!)).toMatchObject({ organisationName: 'Acme Partners' }));
    expect(await screen.findByText('Chrome on Linux')).toBeInTheDocument();
    expect(screen.getByText('This device')).toBeInTheDocument();
  });

  it('validates on change, asks for the password only when the e-mail changes, and saves into the profile store', async () => {
    const saved = { ...profile, firstName: 'Janet', email: 'janet@example.com' };
    mock(updateProfile).mockResolvedValue(saved);
    renderPage();
    const form = await screen.findByRole('form', { name: 'Profile details' });
    const ue = userEvent.setup();
    await ue.clear(within(form).getByLabelText(/First Name/));
    expect(await within(form).findByText('First Name is a required field')).toBeInTheDocument();
    await ue.type(within(form).getByLabelText(/First Name/), 'Janet');
    expect(within(form).queryByLabelText('Current Password')).not.toBeInTheDocument();
    const email = within(form).getByLabelText(/E-mail/);
    await ue.clear(email);
    await ue.type(email, 'janet@example.com');
    await ue.click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await within(form).findByText('Enter your current password to change your e-mail address')).toBeInTheDocument();
    expect(updateProfile).not.toHaveBeenCalled();
    await ue.type(within(form).getByLabelText('Current Password'), 'Portal#2026');
    await ue.click(within(form).getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(updateProfile).toHaveBeenCalledTimes(1));
    expect(mock(updateProfile).mock.calls[0]).toEqual([
      user.userId,
      { firstName: 'Janet', lastName: 'Doe', email: 'janet@example.com', phone: '', timeZone: '', language: '', currentPassword: 'Portal#2026' },
    ]);
    expect(await screen.findByText('Profile saved.')).toBeInTheDocument();
    expect(profileStore.getState().profile).toMatchObject({ firstName: 'Janet' });
  });

  it('shows a server errorMessage and keeps the form', async () => {
    mock(updateProfile).mockResolvedValue({ errorMessage: 'E-mail is already registered' });
    renderPage();
    const form = await screen.findByRole('form', { name: 'Profile details' });
    await userEvent.setup().click(within(form).getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('E-mail is already registered')).toBeInTheDocument();
    expect(profileStore.getState().profile?.firstName).toBe('Jane');
  });

  it('uploads then commits a picture, and the profile store (top bar avatar) has it at once', async () => {
    mock(uploadProfileImage).mockResolvedValue({ uploadId: 'u1', imageUrl: '/backend/media/abc.png', contentType: 'image/png', size: PNG.length });
    mock(commitProfileImage).mockResolvedValue({ ...profile, profileImageUrl: '/backend/media/abc.png' });
    renderPage();
    await screen.findByRole('form', { name: 'Profile details' });
    await userEvent.setup().upload(screen.getByTestId('upload-picture-input'), new File([PNG], 'me.png', { type: 'image/png' }));
    await waitFor(() => expect(commitProfileImage).toHaveBeenCalledWith(user.userId, { uploadId: 'u1' }));
    expect(mock(uploadProfileImage).mock.calls[0][1]).toEqual({ fileName: 'me.png', contentType: 'image/png', data: Buffer.from(PNG).toString('base64') });
    expect(profileStore.getState().profile?.profileImageUrl).toBe('/backend/media/abc.png');
    expect(JSON.parse(window.localStorage.getItem('profile')!).profileImageUrl).toBe('/backend/media/abc.png');
    expect(await screen.findByText('Profile picture updated.')).toBeInTheDocument();
  });

  it('refuses an SVG by its content before uploading', async () => {
    renderPage();
    await screen.findByRole('form', { name: 'Profile details' });
    const svg = new File(['<svg xmlns="http://www.w3.org/2000/svg"></svg>'], 'logo.png', { type: 'image/png' });
    await userEvent.setup({ applyAccept: false }).upload(screen.getByTestId('upload-picture-input'), svg);
    expect(await screen.findByText('SVG images are not accepted: upload a PNG, JPEG or WebP image')).toBeInTheDocument();
    expect(uploadProfileImage).not.toHaveBeenCalled();
  });

  it('shows a neutral message when the profile cannot be loaded', async () => {
    mock(getAccountProfile).mockResolvedValue({ errorMessage: 'Not found' });
    mock(getProfile).mockResolvedValue({ errorMessage: 'Not found' });
    renderPage();
    expect(await screen.findByText('Profile details are not available right now.')).toBeInTheDocument();
    expect(screen.queryByText('Not found')).not.toBeInTheDocument();
    await waitFor(() => expect(profileStore.getState().error).toBe('Not found'));
  });
});
