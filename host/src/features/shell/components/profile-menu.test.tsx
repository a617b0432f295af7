import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore, resetAuthStore } from '@portal/auth-bridge';
import { profileStore } from '@portal/ui';
import { ProfileMenu } from './profile-menu';

const user = { userId: 'u1', role: 'CUSTOMER' as const, mfa: false, email: 'c@example.com', firstName: 'Chris', lastName: 'Customer', username: 'customer' };

async function openMenu(access: string | undefined) {
  authStore.setState({ isLoggedIn: true, isInitialized: true, user });
  profileStore.setState({ profile: { firstName: 'Chris', lastName: 'Customer', profileImageUrl: null, access } as never, error: null });
  render(<ProfileMenu onChangePassword={jest.fn()} onLogout={jest.fn()} />);
  await userEvent.click(screen.getByRole('button', { name: 'Open profile menu' }));
  return within(await screen.findByRole('menu'));
}

afterEach(() => {
  resetAuthStore();
  profileStore.setState({ profile: null, error: null });
});

describe('ProfileMenu access level', () => {
  it('shows a Read-only chip next to the role for a read-only user', async () => {
    const menu = await openMenu('read-only');
    expect(menu.getByText('CUSTOMER')).toBeInTheDocument();
    expect(menu.getByText('Read-only')).toBeInTheDocument();
  });

  it('shows the role alone with full access', async () => {
    const menu = await openMenu('full');
    expect(menu.getByText('CUSTOMER')).toBeInTheDocument();
    expect(menu.queryByText('Read-only')).toBeNull();
  });
});
