import { screen, waitFor, within } from '@testing-library/react';
import { createRestore, getBackupSet, getJob, getJobDownloadLink, getProtectedObject, getSnapshotTree, listBackupSets, listProtectedObjects, listSnapshots, listTenantDirectory, listTenants } from '@portal/contracts/calls';
import { job, SET, SNAPSHOT, TENANT, USER_ADA } from '../../../testing/fixtures';
import { renderPage } from '../../../testing/render-page';
import { RestorePage } from './restore-page';

jest.mock('@portal/contracts/calls', () => ({
  listBackupSets: jest.fn(),
  getBackupSet: jest.fn(),
  listProtectedObjects: jest.fn(),
  getProtectedObject: jest.fn(),
  listSnapshots: jest.fn(),
  getSnapshotTree: jest.fn(),
  listTenants: jest.fn(),
  listTenantDirectory: jest.fn(),
  createRestore: jest.fn(),
  getJob: jest.fn(),
  getJobDownloadLink: jest.fn(),
}));
jest.setTimeout(30000);

const RESTORE_JOB = job({ id: '7a000000-0000-4000-8000-0000000000bb', type: 'restore', title: 'Restore of Ada Lovelace', status: 'running' });

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(listBackupSets).mockResolvedValue({ items: [SET], total: 1, page: 1, pageSize: 500 });
  jest.mocked(getBackupSet).mockResolvedValue(SET);
  jest.mocked(listProtectedObjects).mockResolvedValue({ items: [USER_ADA], total: 1, page: 1, pageSize: 100 });
  jest.mocked(getProtectedObject).mockResolvedValue(USER_ADA);
  jest.mocked(listSnapshots).mockResolvedValue({ items: [SNAPSHOT] });
  jest.mocked(listTenants).mockResolvedValue({ items: [TENANT] });
  jest.mocked(listTenantDirectory).mockResolvedValue({ items: [{ kind: 'user', externalId: 'u-carol', displayName: 'Carol Cloud', detail: 'carol@contoso.example' }] });
  jest.mocked(getSnapshotTree).mockResolvedValue({ snapshot: SNAPSHOT, nodes: [{ key: 'k-inbox', name: 'Inbox', service: 'mail', path: 'Inbox', itemCount: 3, hasChildren: false }] });
});

describe('RestorePage', () => {
  it('walks set, object and snapshot from the URL and restores a whole mailbox as a download, with live progress', async () => {
    jest.mocked(createRestore).mockResolvedValue(RESTORE_JOB);
    jest.mocked(getJob)
      .mockResolvedValueOnce(RESTORE_JOB)
      .mockResolvedValue({ ...RESTORE_JOB, status: 'succeeded', downloadReady: true, finishedAt: '2026-11-21T02:10:00.000Z' });
    jest.mocked(getJobDownloadLink).mockResolvedValue({ url: '/backend/api/jobs/x/download?token=t', expiresAt: '2026-11-21T03:00:00.000Z' });
    const { router, user } = renderPage('/restore', <RestorePage />, '/restore');
    await user.click(await screen.findByRole('combobox', { name: 'Backup set' }));
    await user.click(await screen.findByRole('option', { name: /Head office mail/ }));
    await waitFor(() => expect(router.location.search).toBe(`?setId=${SET.id}`));
    await user.click(await screen.findByRole('combobox', { name: 'User, site or team' }));
    await user.click(await screen.findByRole('option', { name: 'Ada Lovelace (user)' }));
    await user.click(await screen.findByRole('combobox', { name: 'Snapshot (point in time)' }));
    await user.click(await screen.findByRole('option', { name: /run 2/ }));
    await waitFor(() => expect(router.location.search).toBe(`?setId=${SET.id}&objectId=${USER_ADA.id}&snapshotId=${SNAPSHOT.id}`));

    await user.click(await screen.findByRole('checkbox', { name: 'Calendar' }));
    await user.click(screen.getByRole('radio', { name: 'Download as ZIP' }));
    await user.click(screen.getByRole('button', { name: 'Start restore' }));
    await waitFor(() =>
      expect(createRestore).toHaveBeenCalledWith({ setId: SET.id, selection: { kind: 'snapshot', snapshotId: SNAPSHOT.id, services: ['mail'] }, destination: { kind: 'download' } }),
    );
    await waitFor(() => expect(router.location.search).toContain(`job=${RESTORE_JOB.id}`));
    const panel = await screen.findByTestId('job-watch');
    expect(within(panel).getByRole('progressbar', { name: 'Progress of Restore of Ada Lovelace' })).toBeInTheDocument();
    expect(await within(panel).findByRole('link', { name: 'Download ZIP' }, { timeout: 5000 })).toHaveAttribute('href', '/backend/api/jobs/x/download?token=t');
  });

  it('restores chosen folders to another user, and checks the target user is chosen', async () => {
    jest.mocked(createRestore).mockResolvedValue(RESTORE_JOB);
    jest.mocked(getJob).mockResolvedValue(RESTORE_JOB);
    const { user } = renderPage('/restore', <RestorePage />, `/restore?setId=${SET.id}&objectId=${USER_ADA.id}&snapshotId=${SNAPSHOT.id}&folder=k-inbox`);
    expect(await screen.findByRole('radio', { name: 'Chosen folders' })).toBeChecked();
    expect(await screen.findByText('1 folder chosen (a folder includes its subfolders). Click a folder to choose it.')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Another user' }));
    await user.click(screen.getByRole('button', { name: 'Start restore' }));
    expect(await screen.findByText('Choose the user to restore to')).toBeInTheDocument();
    expect(jest.mocked(createRestore).mock.calls).toEqual([]);
  });
});
