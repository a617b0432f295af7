import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { BACKUP_MESSAGES } from '@portal/contracts';
import { connectTenant, listBackupSets, listTenants, updateTenant } from '@portal/contracts/calls';
import { TENANT } from '../../../testing/fixtures';
import { renderPage } from '../../../testing/render-page';
import { BackupPage } from './backup-page';

jest.mock('@portal/contracts/calls', () => ({
  listBackupSets: jest.fn(),
  listTenants: jest.fn(),
  connectTenant: jest.fn(),
  updateTenant: jest.fn(),
  testTenantCredentials: jest.fn(),
  testTenantConnection: jest.fn(),
}));
jest.setTimeout(30000);

const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

beforeEach(() => {
  jest.mocked(listBackupSets).mockReset().mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 25 });
  jest.mocked(listTenants).mockReset().mockResolvedValue({ items: [{ ...TENANT, secretExpiresAt: '2031-03-01' }] });
});

describe('app secret expiry of a tenant', () => {
  it('is entered when connecting: a past date is refused, a future one is sent', async () => {
    jest.mocked(connectTenant).mockResolvedValue({ ...TENANT, id: 'new', secretExpiresAt: day(60) });
    const { user } = renderPage('/backup', <BackupPage />, '/backup');
    await user.click(await screen.findByRole('button', { name: 'Connect tenant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect a Microsoft 365 tenant' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Display name/ }), 'Fabrikam');
    await user.type(within(dialog).getByRole('textbox', { name: /^Tenant ID/ }), 'fabrikam.example');
    await user.type(within(dialog).getByRole('textbox', { name: /^Client ID/ }), 'app-1');
    await user.type(within(dialog).getByLabelText(/^Client secret/), 's3cret');
    const expiry = within(dialog).getByLabelText('Secret expires (optional)');
    expect(expiry).toHaveAttribute('type', 'date');

    fireEvent.change(expiry, { target: { value: day(-5) } });
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    expect(await within(dialog).findByText(BACKUP_MESSAGES.secretExpiryPast)).toBeInTheDocument();
    expect(connectTenant).not.toHaveBeenCalled();

    fireEvent.change(expiry, { target: { value: day(60) } });
    await user.click(within(dialog).getByRole('button', { name: 'Connect' }));
    await waitFor(() => expect(connectTenant).toHaveBeenCalledWith(expect.objectContaining({ name: 'Fabrikam', secretExpiresAt: day(60) })));
  });

  it('is shown per tenant and edited in its own dialog; emptying it clears the reminder', async () => {
    jest.mocked(updateTenant).mockResolvedValue({ ...TENANT, secretExpiresAt: null });
    const { user } = renderPage('/backup', <BackupPage />, '/backup');
    expect(await screen.findByText(/secret expires 2031-03-01/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: `Secret expiry of ${TENANT.name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Secret expiry of ${TENANT.name}` });
    const expiry = within(dialog).getByLabelText('Secret expires (optional)');
    expect(expiry).toHaveValue('2031-03-01');
    fireEvent.change(expiry, { target: { value: '' } });
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(updateTenant).toHaveBeenCalledWith(TENANT.id, { secretExpiresAt: null }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(listTenants).toHaveBeenCalledTimes(2);
  });
});
