import { screen, waitFor, within } from '@testing-library/react';
import { paths } from '@portal/config';
import { getBackupSet, listProtectedObjects, updateBackupSet } from '@portal/contracts/calls';
import { SET, USER_ADA, USER_BOB } from '../../../testing/fixtures';
import { renderPage } from '../../../testing/render-page';
import { ViewUsersPage } from './view-users-page';
import { GroupsPage } from './groups-page';
import { SharepointPage } from './sharepoint-page';
import { TeamsPage } from './teams-page';

jest.mock('@portal/contracts/calls', () => ({
  listProtectedObjects: jest.fn(),
  getBackupSet: jest.fn(),
  updateBackupSet: jest.fn(),
  listTenantDirectory: jest.fn(),
}));
jest.setTimeout(30000);

beforeEach(() => {
  jest.mocked(listProtectedObjects).mockReset().mockResolvedValue({ items: [USER_ADA, USER_BOB], total: 2, page: 1, pageSize: 25 });
  jest.mocked(getBackupSet).mockReset().mockResolvedValue(SET);
});

describe('ViewUsersPage', () => {
  it('lists the users with services, status and links, and the breadcrumb follows {from}', async () => {
    renderPage(paths.viewUsers.pattern, <ViewUsersPage />, `${paths.viewUsers.build({ backupSetType: 'exchange', backupSetId: SET.id, from: 'restore' })}?q=a&sort=-sizeBytes`);
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(listProtectedObjects).toHaveBeenLastCalledWith(SET.id, { kind: 'user', q: 'a', sort: '-sizeBytes', page: 1, pageSize: 25 });
    const ada = within(table).getByRole('link', { name: 'Ada Lovelace' }).closest('tr')!;
    for (const text of ['Mail', 'Calendar', '800', '2.0 MB', 'OK']) expect(ada).toHaveTextContent(text);
    expect(within(table).getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute('href', `/m365-services/exchange/${USER_ADA.id}/${SET.id}/restore`);
    expect(within(ada).getByRole('link', { name: 'Snapshots of Ada Lovelace' })).toHaveAttribute('href', `/view-snapshots/exchange/${USER_ADA.id}/${SET.id}`);
    expect(within(ada).getByRole('link', { name: 'Search items of Ada Lovelace' })).toHaveAttribute('href', `/item-search/exchange/${USER_ADA.id}/${SET.id}`);
    expect(within(table).getByText('Bob Byte').closest('tr')).toHaveTextContent('Failed');
    expect(screen.getByRole('link', { name: 'Back to Restore' })).toHaveAttribute('href', '/restore');
    expect(await screen.findByRole('heading', { name: 'Users of Head office mail' })).toBeInTheDocument();
  });

  it('removes a user from the set after a confirmation', async () => {
    jest.mocked(updateBackupSet).mockResolvedValue(SET);
    const { user } = renderPage(paths.viewUsers.pattern, <ViewUsersPage />, paths.viewUsers.build({ backupSetType: 'exchange', backupSetId: SET.id, from: 'backup' }));
    await screen.findByRole('heading', { name: 'Users of Head office mail' });
    await user.click(await screen.findByRole('button', { name: 'Remove Bob Byte' }));
    const confirm = await screen.findByRole('dialog', { name: 'Remove Bob Byte?' });
    expect(confirm).toHaveTextContent('Snapshots taken so far are kept');
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(updateBackupSet).toHaveBeenCalledWith(SET.id, { scope: { mode: 'selected', objects: [{ kind: 'user', externalId: 'u-ada', displayName: 'Ada Lovelace' }] } }));
  });

  it('shows the empty and the error state', async () => {
    jest.mocked(listProtectedObjects).mockResolvedValueOnce({ errorMessage: 'Backup set not found' }).mockResolvedValueOnce({ items: [], total: 0, page: 1, pageSize: 25 });
    const { user } = renderPage(paths.viewUsers.pattern, <ViewUsersPage />, paths.viewUsers.build({ backupSetType: 'exchange', backupSetId: SET.id, from: 'backup' }));
    expect(await screen.findByText(/The users could not be loaded: Backup set not found/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText(/This set protects no users yet/)).toBeInTheDocument();
  });
});

describe.each([
  ['SharePoint sites', 'site', paths.sharepoint, SharepointPage],
  ['Groups', 'group', paths.groups, GroupsPage],
  ['Teams', 'team', paths.teams, TeamsPage],
] as const)('%s page', (title, kind, route, Page) => {
  it(`lists the set's ${kind}s`, async () => {
    jest.mocked(listProtectedObjects).mockResolvedValue({ items: [{ ...USER_ADA, kind, displayName: `Sales ${kind}` }], total: 1, page: 1, pageSize: 25 });
    renderPage(route.pattern, <Page />, route.build({ backupSetType: 'm365', backupSetId: SET.id, from: 'backup' }));
    const table = await screen.findByRole('table', { name: title });
    expect(within(table).getByText(`Sales ${kind}`)).toBeInTheDocument();
    expect(listProtectedObjects).toHaveBeenLastCalledWith(SET.id, expect.objectContaining({ kind }));
    expect(screen.getByRole('link', { name: 'Back to Backup' })).toHaveAttribute('href', '/backup');
  });
});
