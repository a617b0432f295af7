import { render, screen, waitFor } from '@testing-library/react';
import { getProfile } from '@portal/contracts/calls';
import { profileStore } from '@portal/ui';
import { ProfilePage } from './profile-page';

jest.mock('@portal/contracts/calls', () => ({ getProfile: jest.fn() }));

const user = {
  userId: '6f1c1f7e-7c11-4d0b-9a57-6d0d8f3d2a10',
  role: 'PARTNER',
  mfa: false,
  email: 'jane@example.com',
  firstName: 'Jane',
  lastName: 'Doe',
  username: 'jane',
};
const profile = { ...user, organisationName: 'Acme Partners', profileImageUrl: null };
const mocked = getProfile as jest.Mock;

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.setItem('user', JSON.stringify(user));
  profileStore.setState({ profile: null, error: null, loading: false });
  mocked.mockReset();
});

describe('ProfilePage', () => {
  it('fetches the session user profile, shows its fields and caches it under `profile`', async () => {
    mocked.mockResolvedValue(profile);
    render(<ProfilePage />);
    expect(await screen.findByText('Acme Partners')).toBeInTheDocument();
    expect(mocked).toHaveBeenCalledWith(user.userId);
    for (const value of ['Jane', 'Doe', 'jane', 'jane@example.com', 'PARTNER']) expect(screen.getByText(value)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem('profile')!)).toEqual(profile);
  });

  it('records an errorMessage without crashing or showing the server text', async () => {
    mocked.mockResolvedValue({ errorMessage: 'Not found' });
    render(<ProfilePage />);
    await waitFor(() => expect(profileStore.getState().error).toBe('Not found'));
    expect(screen.queryByText('Not found')).not.toBeInTheDocument();
    expect(screen.getByText('Profile details are not available right now.')).toBeInTheDocument();
    expect(window.localStorage.getItem('profile')).toBeNull();
  });

  it('records an exception as an error', async () => {
    mocked.mockRejectedValue(new Error('Invalid response received'));
    render(<ProfilePage />);
    await waitFor(() => expect(profileStore.getState().error).toBe('Invalid response received'));
    expect(screen.getByRole('heading', { name: 'Profile' })).toBeInTheDocument();
  });
});
