import { MemoryRouter } from 'react-router-dom';
import { render, screen, within } from '@testing-library/react';
import { testUser } from '@portal/auth-bridge/testing';
import userEvent from '@testing-library/user-event';
import { USER_ACCESS_MESSAGES, type UserAccess } from '@portal/contracts';
import { getOrganisationTree, listAlerts, listOrganisationUsers } from '@portal/contracts/calls';
import { profileStore } from '@portal/ui';
import { AlertsPage } from '../features/alerts/components/alerts-page';
import { UserManagementPage } from '../features/user-management/components/user-management-page';
import { alertView, managedUser, organisationTree } from '../testing/fixtures';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../testing/calls-mock').callsMock());
jest.setTimeout(30000);

function signInWith(access: UserAccess) {
  const { userId, username, email, firstName, lastName, role } = testUser('PARTNER');
  profileStore.getState().setProfile({ userId, username, email, firstName, lastName, role, profileImageUrl: null, organisationName: 'Demo Partner', access });
}

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(getOrganisationTree).mockResolvedValue(organisationTree());
  jest.mocked(listOrganisationUsers).mockImplementation(async (id: string) => ({ users: id === 'c1' ? [managedUser({ mfa: true })] : [] }));
  jest.mocked(listAlerts).mockResolvedValue({ alerts: [alertView('a1', { message: 'Job failed: Backup a1' })] });
});
afterEach(() => profileStore.getState().clear());

async function showCustomer() {
  render(<UserManagementPage />, { wrapper: MemoryRouter });
  const nav = await screen.findByRole('navigation', { name: 'Organisations' });
  await userEvent.click(within(nav).getByText('Demo Customer'));
  return screen.findByRole('table', { name: 'Users of Demo Customer' });
}

const expectReadOnly = (control: HTMLElement) => {
  expect(control).toBeDisabled();
  expect(control).toHaveAccessibleDescription(USER_ACCESS_MESSAGES.readOnly);
};

describe('admin-ops pages for a read-only user', () => {
  it('shows organisations and users but disables every change with the reason', async () => {
    signInWith('read-only');
    const table = await showCustomer();
    for (const name of ['New organisation', 'Connect with Microsoft', 'Suspend', 'Delete', 'Invite user']) expectReadOnly(screen.getByRole('button', { name }));
    for (const name of ['Suspend customer', 'Reset MFA of customer']) expectReadOnly(within(table).getByRole('button', { name }));
    // The select and the switch show the reason as their helper text, as for their other locks.
    const access = within(table).getByRole('combobox', { name: 'Access of customer' });
    expect(access).toHaveAttribute('aria-disabled', 'true');
    expect(access).toHaveAccessibleDescription(USER_ACCESS_MESSAGES.readOnly);
    expectReadOnly(screen.getByRole('switch', { name: /Require MFA/ }));
  });

  it('does not invite a read-only user to invite the first user', async () => {
    signInWith('read-only');
    render(<UserManagementPage />, { wrapper: MemoryRouter });
    expect(await screen.findByText('No users yet.')).toBeInTheDocument();
  });

  it('keeps the changes enabled with full access', async () => {
    signInWith('full');
    const table = await showCustomer();
    for (const name of ['New organisation', 'Suspend', 'Invite user']) expect(screen.getByRole('button', { name })).toBeEnabled();
    expect(within(table).getByRole('button', { name: 'Suspend customer' })).toBeEnabled();
    expect(within(table).getByRole('combobox', { name: 'Access of customer' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByRole('switch', { name: /Require MFA/ })).toBeEnabled();
  });

  it('disables acknowledging and resolving alerts, and not with full access', async () => {
    signInWith('read-only');
    const { unmount } = render(<AlertsPage />);
    for (const name of ['Acknowledge: Job failed: Backup a1', 'Resolve: Job failed: Backup a1']) expectReadOnly(await screen.findByRole('button', { name }));
    unmount();
    signInWith('full');
    render(<AlertsPage />);
    expect(await screen.findByRole('button', { name: 'Acknowledge: Job failed: Backup a1' })).toBeEnabled();
  });
});
