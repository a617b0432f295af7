import { screen, waitFor, within } from '@testing-library/react';
import { createBackupSet, deleteBackupSet, listBackupSets, listTenantDirectory, listTenants, runBackupSet, testTenantCredentials } from '@portal/contracts/calls';
import { snackbarStore } from '@portal/ui';
import { job, SET, TENANT } from '../../../testing/fixtures';
import { renderPage } from '../../../testing/render-page';
import { BackupPage } from './backup-page';

jest.mock('@portal/contracts/calls', () => ({
  listBackupSets: jest.fn(),
  listTenants: jest.fn(),
  listTenantDirectory: jest.fn(),
  createBackupSet: jest.fn(),
  updateBackupSet: jest.fn(),
  deleteBackupSet: jest.fn(),
  pauseBackupSet: jest.fn(),
  resumeBackupSet: jest.fn(),
  runBackupSet: jest.fn(),
  connectTenant: jest.fn(),
  testTenantCredentials: jest.fn(),
  testTenantConnection: jest.fn(),
}));
jest.setTimeout(30000);

const page = (items = [SET], total = items.length) => ({ items, total, page: 1, pageSize: 25 });

beforeEach(() => {
  jest.mocked(listBackupSets).mockReset().mockResolvedValue(page());
  jest.mocked(listTenants).mockReset().mockResolvedValue({ items: [TENANT] });
});

describe('BackupPage', () => {
  it('reads filters from the URL and shows each set with type, scope, runs, status, count and size', async () => {
    renderPage('/backup', <BackupPage />, '/backup?q=head&type=exchange&sort=-sizeBytes&page=2');
    const table = await screen.findByRole('table', { name: 'Backup sets' });
    expect(listBackupSets).toHaveBeenLastCalledWith({ q: 'head', type: 'exchange', status: undefined, sort: '-sizeBytes', page: 2, pageSize: 25 });
    const row = within(table).getByRole('link', { name: 'Open Head office mail' }).closest('tr')!;
    for (const text of ['Exchange Online', '2 selected objects', 'Succeeded', 'Active', '5.0 MB', 'Daily at 02:00 UTC']) expect(row).toHaveTextContent(text);
    expect(within(row).getByRole('link', { name: 'Open Head office mail' })).toHaveAttribute('href', `/view-users/exchange/${SET.id}/backup`);
    expect(screen.getByRole('searchbox', { name: 'Search backup sets' })).toHaveValue('head');
  });

  it('shows the empty state, and the error state with Retry', async () => {
    jest.mocked(listBackupSets).mockResolvedValueOnce({ errorMessage: 'Database unavailable' }).mockResolvedValueOnce(page([]));
    const { user } = renderPage('/backup', <BackupPage />, '/backup');
    expect(await screen.findByText(/The backup sets could not be loaded: Database unavailable/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/There are no backup sets yet/)).toBeInTheDocument();
  });

  it('puts a new filter into the URL and back to page 1', async () => {
    const { router, user } = renderPage('/backup', <BackupPage />, '/backup?page=3');
    await screen.findByRole('table', { name: 'Backup sets' });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Paused' }));
    await waitFor(() => expect(router.location.search).toBe('?status=paused'));
    await waitFor(() => expect(listBackupSets).toHaveBeenLastCalledWith(expect.objectContaining({ status: 'paused', page: 1 })));
  });

  it('creates a set through the guided dialog: basics, scope with search and select-all, services, schedule', async () => {
    jest.mocked(listTenantDirectory).mockResolvedValue({
      items: [
        { kind: 'user', externalId: 'u-ada', displayName: 'Ada Lovelace', detail: 'ada@contoso.example' },
        { kind: 'user', externalId: 'u-bob', displayName: 'Bob Byte', detail: 'bob@contoso.example' },
      ],
    });
    jest.mocked(createBackupSet).mockResolvedValue(SET);
    const { user } = renderPage('/backup', <BackupPage />, '/backup');
    await screen.findByRole('table', { name: 'Backup sets' });
    await user.click(screen.getByRole('button', { name: 'New backup set' }));
    const dialog = await screen.findByRole('dialog', { name: 'New backup set' });
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Name is a required field')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Sales mailboxes');
    await user.click(within(dialog).getByRole('combobox', { name: 'Type' }));
    await user.click(await screen.findByRole('option', { name: 'Exchange Online' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    await user.click(await within(dialog).findByRole('radio', { name: /Selected users/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    expect(await within(dialog).findByText('Choose at least one user, site, group or team')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('searchbox', { name: 'Search users' }), 'a');
    await waitFor(() => expect(listTenantDirectory).toHaveBeenLastCalledWith(TENANT.id, { kind: 'user', q: 'a' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Select all shown' }));
    expect(within(dialog).getByText('2 selected')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));

    await user.click(await within(dialog).findByRole('checkbox', { name: 'Contacts' }));
    await user.click(within(dialog).getByRole('button', { name: 'Next' }));
    const retention = await within(dialog).findByRole('spinbutton', { name: /Keep snapshots/ });
    await user.clear(retention);
    await user.type(retention, '90');
    await user.click(within(dialog).getByRole('button', { name: 'Create backup set' }));
    await waitFor(() =>
      expect(createBackupSet).toHaveBeenCalledWith({
        name: 'Sales mailboxes',
        tenantId: TENANT.id,
        type: 'exchange',
        scope: {
          mode: 'selected',
          objects: [
            { kind: 'user', externalId: 'u-ada', displayName: 'Ada Lovelace' },
            { kind: 'user', externalId: 'u-bob', displayName: 'Bob Byte' },
          ],
        },
        services: ['mail', 'calendar'],
        schedule: { frequency: 'daily', time: '02:00', dayOfWeek: 0 },
        retention: { days: 90 },
      }),
    );
    await waitFor(() => expect(snackbarStore.getState().message).toBe('Backup set created.'));
  });

  it('runs a set now and deletes it after a confirmation that says what happens to the stored data', async () => {
    jest.mocked(runBackupSet).mockResolvedValue(job());
    jest.mocked(deleteBackupSet).mockResolvedValue({ message: 'Backup set and its stored data deleted.' });
    const { user } = renderPage('/backup', <BackupPage />, '/backup');
    await user.click(await screen.findByRole('button', { name: 'Run Head office mail now' }));
    await waitFor(() => expect(runBackupSet).toHaveBeenCalledWith(SET.id));
    await user.click(screen.getByRole('button', { name: 'More actions for Head office mail' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Head office mail?' });
    expect(confirm).toHaveTextContent(/every snapshot and 5\.0 MB of backed-up data are deleted permanently/);
    expect(confirm).toHaveTextContent('Nothing is deleted in Microsoft 365.');
    await user.click(within(confirm).getByRole('button', { name: 'Delete set and data' }));
    await waitFor(() => expect(deleteBackupSet).toHaveBeenCalledWith(SET.id));
    await waitFor(() => expect(snackbarStore.getState().message).toBe('Backup set and its stored data deleted.'));
  });

  it('tests tenant credentials before connecting', async () => {
    jest.mocked(testTenantCredentials).mockResolvedValue({ ok: false, failureReason: 'AADSTS7000215: Invalid client secret' });
    const { user } = renderPage('/backup', <BackupPage />, '/backup');
    await user.click(await screen.findByRole('button', { name: 'Connect tenant' }));
    const dialog = await screen.findByRole('dialog', { name: 'Connect a Microsoft 365 tenant' });
    await user.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    expect(await within(dialog).findByText('Tenant ID is a required field')).toBeInTheDocument();
    expect(testTenantCredentials).not.toHaveBeenCalled();
    await user.type(within(dialog).getByRole('textbox', { name: /^Display name/ }), 'Fabrikam');
    await user.type(within(dialog).getByRole('textbox', { name: /^Tenant ID/ }), 'fabrikam.example');
    await user.type(within(dialog).getByRole('textbox', { name: /^Client ID/ }), 'app-1');
    await user.type(within(dialog).getByLabelText(/^Client secret/), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Test connection' }));
    expect(await within(dialog).findByText('Connection failed: AADSTS7000215: Invalid client secret')).toBeInTheDocument();
    expect(testTenantCredentials).toHaveBeenCalledWith(expect.objectContaining({ tenantId: 'fabrikam.example', clientId: 'app-1', clientSecret: 'wrong', graphBaseUrl: 'https://graph.microsoft.com/v1.0' }));
  });
});
