import { screen, waitFor, within } from '@testing-library/react';
import { paths } from '@portal/config';
import { getBackupSet, getProtectedObject, getSnapshotTree, listSnapshots, searchItems } from '@portal/contracts/calls';
import type { ItemSummary } from '@portal/contracts';
import { SET, SNAPSHOT, USER_ADA } from '../../../testing/fixtures';
import { renderPage } from '../../../testing/render-page';
import { ViewSnapshotsPage } from './view-snapshots-page';

jest.mock('@portal/contracts/calls', () => ({
  listSnapshots: jest.fn(),
  getProtectedObject: jest.fn(),
  getBackupSet: jest.fn(),
  getSnapshotTree: jest.fn(),
  searchItems: jest.fn(),
}));
jest.setTimeout(30000);

const OLDER = { ...SNAPSHOT, id: '5a000000-0000-4000-8000-000000000001', runSeq: 1, takenAt: '2026-11-20T02:05:00.000Z' };
const url = paths.viewSnapshots.build({ backupSetType: 'exchange', backupSetUserId: USER_ADA.id, backupSetId: SET.id });
const item: ItemSummary = {
  id: '1e000000-0000-4000-8000-000000000001',
  objectId: USER_ADA.id,
  objectName: 'Ada Lovelace',
  service: 'mail',
  kind: 'message',
  name: 'Quarterly numbers',
  sender: 'bob@contoso.example',
  recipients: ['ada@contoso.example'],
  folderPath: 'Inbox/Finance',
  sizeBytes: 2048,
  hasAttachments: false,
  modifiedAt: '2026-11-19T09:00:00.000Z',
  validFromRun: 1,
  validToRun: null,
  deleted: false,
};

beforeEach(() => {
  jest.mocked(listSnapshots).mockResolvedValue({ items: [SNAPSHOT, OLDER] });
  jest.mocked(getProtectedObject).mockResolvedValue(USER_ADA);
  jest.mocked(getBackupSet).mockResolvedValue(SET);
  jest.mocked(getSnapshotTree).mockReset().mockImplementation(async (snapshotId, parent) => ({
    snapshot: snapshotId === OLDER.id ? OLDER : SNAPSHOT,
    nodes: parent
      ? [{ key: 'k-finance', name: 'Finance', service: 'mail' as const, path: 'Inbox/Finance', itemCount: 4, hasChildren: false }]
      : [{ key: 'k-inbox', name: 'Inbox', service: 'mail' as const, path: 'Inbox', itemCount: 12, hasChildren: true }],
  }));
  jest.mocked(searchItems).mockResolvedValue({ items: [item], total: 1, page: 1, pageSize: 25 });
});

describe('ViewSnapshotsPage', () => {
  it('shows the timeline, and a chosen snapshot browses its folders as they were then', async () => {
    const { router, user } = renderPage(paths.viewSnapshots.pattern, <ViewSnapshotsPage />, url);
    const timeline = await screen.findByRole('list', { name: 'Snapshots' });
    expect(within(timeline).getAllByRole('button')).toHaveLength(2);
    expect(await screen.findByRole('heading', { name: 'Folders in run 2' })).toBeInTheDocument();
    await waitFor(() => expect(getSnapshotTree).toHaveBeenCalledWith(SNAPSHOT.id, undefined));

    await user.click(within(timeline).getByText('Run 1'));
    await waitFor(() => expect(router.location.search).toBe(`?snapshot=${OLDER.id}`));
    expect(await screen.findByRole('heading', { name: 'Folders in run 1' })).toBeInTheDocument();
    await waitFor(() => expect(getSnapshotTree).toHaveBeenCalledWith(OLDER.id, undefined));

    const tree = screen.getByRole('tree', { name: 'Folders' });
    await user.click(await within(tree).findByRole('button', { name: 'Expand Inbox' }));
    await waitFor(() => expect(getSnapshotTree).toHaveBeenCalledWith(OLDER.id, 'k-inbox'));
    await user.click(await within(tree).findByText('Finance'));
    const items = await screen.findByRole('table', { name: 'Items in the folder' });
    expect(within(items).getByText('Quarterly numbers')).toBeInTheDocument();
    expect(searchItems).toHaveBeenLastCalledWith(SET.id, expect.objectContaining({ objectId: USER_ADA.id, snapshotId: OLDER.id, folder: 'k-finance' }));
    expect(screen.getByRole('link', { name: 'Restore this folder' })).toHaveAttribute('href', `/restore?setId=${SET.id}&objectId=${USER_ADA.id}&snapshotId=${OLDER.id}&folder=k-finance`);
  });

  it('says so when there are no snapshots yet', async () => {
    jest.mocked(listSnapshots).mockResolvedValue({ items: [] });
    renderPage(paths.viewSnapshots.pattern, <ViewSnapshotsPage />, url);
    expect(await screen.findByText(/There are no snapshots yet/)).toBeInTheDocument();
  });
});
