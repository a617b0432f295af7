import { screen, within } from '@testing-library/react';
import { testUser } from '@portal/auth-bridge/testing';
import { USER_ACCESS_MESSAGES, type UserAccess } from '@portal/contracts';
import { listBackupSets, listTenants } from '@portal/contracts/calls';
import { profileStore } from '@portal/ui';
import { SET, TENANT } from '../../../testing/fixtures';
import { renderPage } from '../../../testing/render-page';
import { BackupPage } from './backup-page';

jest.mock('@portal/contracts/calls', () => ({
  listBackupSets: jest.fn(),
  listTenants: jest.fn(),
}));
jest.setTimeout(30000);

const page = (items = [SET]) => ({ items, total: items.length, page: 1, pageSize: 25 });

function signInWith(access: UserAccess) {
  const { userId, username, email, firstName, lastName, role } = testUser('CUSTOMER');
  profileStore.getState().setProfile({ userId, username, email, firstName, lastName, role, profileImageUrl: null, organisationName: 'Contoso', access });
}

beforeEach(() => {
  jest.mocked(listBackupSets).mockReset().mockResolvedValue(page());
  jest.mocked(listTenants).mockReset().mockResolvedValue({ items: [TENANT] });
});
afterEach(() => profileStore.getState().clear());

describe('BackupPage for a read-only user', () => {
  it('disables the changes and says why', async () => {
    signInWith('read-only');
    const { user } = renderPage('/backup', <BackupPage />, '/backup');
    const table = await screen.findByRole('table', { name: 'Backup sets' });
    for (const name of ['New backup set', 'Connect tenant', `Secret expiry of ${TENANT.name}`, `Run ${SET.name} now`]) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(USER_ACCESS_MESSAGES.readOnly);
    }
    // Reading stays open: the row's menu opens, its changes are disabled, navigation is not.
    await user.click(within(table).getByRole('button', { name: `More actions for ${SET.name}` }));
    const menu = await screen.findByRole('menu');
    expect(menu).toHaveTextContent(USER_ACCESS_MESSAGES.readOnly);
    for (const name of ['Edit', 'Pause', 'Delete']) expect(within(menu).getByRole('menuitem', { name })).toHaveAttribute('aria-disabled', 'true');
    expect(within(menu).getByRole('menuitem', { name: 'Jobs' })).not.toHaveAttribute('aria-disabled');
  });

  it('does not invite a read-only user to create the first set', async () => {
    signInWith('read-only');
    jest.mocked(listBackupSets).mockResolvedValue(page([]));
    renderPage('/backup', <BackupPage />, '/backup');
    expect(await screen.findByText('There are no backup sets yet.')).toBeInTheDocument();
    expect(screen.queryByText(/Create one to start/)).toBeNull();
  });

  it('keeps the changes enabled with full access', async () => {
    signInWith('full');
    const { user } = renderPage('/backup', <BackupPage />, '/backup');
    const table = await screen.findByRole('table', { name: 'Backup sets' });
    for (const name of ['New backup set', 'Connect tenant', `Run ${SET.name} now`]) {
      const button = screen.getByRole('button', { name });
      expect(button).toBeEnabled();
      expect(button).not.toHaveAccessibleDescription(USER_ACCESS_MESSAGES.readOnly);
    }
    await user.click(within(table).getByRole('button', { name: `More actions for ${SET.name}` }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Edit' })).not.toHaveAttribute('aria-disabled');
    expect(menu).not.toHaveTextContent(USER_ACCESS_MESSAGES.readOnly);
  });
});
