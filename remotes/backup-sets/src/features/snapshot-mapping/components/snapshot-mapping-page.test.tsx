import { screen, waitFor, within } from '@testing-library/react';
import type { SnapshotMapping } from '@portal/contracts';
import { createMapping, getJob, listBackupSets, listMappings, listProtectedObjects, listTenantDirectory, listTenants, startMapping, validateMapping } from '@portal/contracts/calls';
import { job, SET, TENANT, USER_ADA } from '../../../testing/fixtures';
import { renderPage } from '../../../testing/render-page';
import { SnapshotMappingPage } from './snapshot-mapping-page';

jest.mock('@portal/contracts/calls', () => ({
  listMappings: jest.fn(),
  createMapping: jest.fn(),
  updateMapping: jest.fn(),
  deleteMapping: jest.fn(),
  validateMapping: jest.fn(),
  startMapping: jest.fn(),
  listBackupSets: jest.fn(),
  listTenants: jest.fn(),
  listProtectedObjects: jest.fn(),
  listTenantDirectory: jest.fn(),
  getJob: jest.fn(),
  getJobDownloadLink: jest.fn(),
}));
jest.setTimeout(30000);

const MAPPING: SnapshotMapping = {
  id: '3a000000-0000-4000-8000-000000000001',
  name: 'Move Ada',
  sourceSetId: SET.id,
  sourceSetName: SET.name,
  targetTenantId: TENANT.id,
  targetTenantName: TENANT.name,
  pairs: [{ sourceObjectId: USER_ADA.id, sourceDisplayName: 'Ada Lovelace', targetUserExternalId: 'u-carol', targetDisplayName: 'Carol Cloud' }],
  createdAt: '2026-11-21T01:00:00.000Z',
  updatedAt: '2026-11-21T01:00:00.000Z',
};

beforeEach(() => {
  jest.clearAllMocks();
  jest.mocked(listMappings).mockResolvedValue({ items: [] });
  jest.mocked(listBackupSets).mockResolvedValue({ items: [SET], total: 1, page: 1, pageSize: 500 });
  jest.mocked(listTenants).mockResolvedValue({ items: [TENANT] });
  jest.mocked(listProtectedObjects).mockResolvedValue({ items: [USER_ADA], total: 1, page: 1, pageSize: 500 });
  jest.mocked(listTenantDirectory).mockResolvedValue({ items: [{ kind: 'user', externalId: 'u-carol', displayName: 'Carol Cloud', detail: 'carol@contoso.example' }] });
});

describe('SnapshotMappingPage', () => {
  it('creates a mapping: needs a name and at least one user, then saves the pairs', async () => {
    jest.mocked(createMapping).mockResolvedValue(MAPPING);
    const { router, user } = renderPage('/snapshot-mapping', <SnapshotMappingPage />, '/snapshot-mapping');
    expect(await screen.findByText('There are no snapshot mappings yet.')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'New mapping' })[0]);
    const form = await screen.findByRole('form', { name: 'Snapshot mapping' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Name is a required field')).toBeInTheDocument();
    expect(within(form).getByText('Map at least one user')).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: /^Name/ }), 'Move Ada');
    await user.click(within(form).getByRole('combobox', { name: /Source backup set/ }));
    await user.click(await screen.findByRole('option', { name: SET.name }));
    await user.click(within(form).getByRole('combobox', { name: /Target tenant/ }));
    await user.click(await screen.findByRole('option', { name: TENANT.name }));
    await user.click(within(form).getByRole('button', { name: 'Add user' }));
    await user.click(within(form).getByRole('combobox', { name: 'Source user' }));
    await user.click(await screen.findByRole('option', { name: 'Ada Lovelace' }));
    await user.click(within(form).getByRole('combobox', { name: 'Target user' }));
    await user.click(await screen.findByRole('option', { name: 'Carol Cloud <carol@contoso.example>' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(createMapping).toHaveBeenCalledWith({
        name: 'Move Ada',
        sourceSetId: SET.id,
        targetTenantId: TENANT.id,
        pairs: [{ sourceObjectId: USER_ADA.id, targetUserExternalId: 'u-carol', targetDisplayName: 'Carol Cloud' }],
      }),
    );
    await waitFor(() => expect(router.location.search).toBe(`?mapping=${MAPPING.id}`));
  });

  it('validates a saved mapping, shows the problems, and starts it when valid', async () => {
    jest.mocked(listMappings).mockResolvedValue({ items: [MAPPING] });
    jest.mocked(validateMapping)
      .mockResolvedValueOnce({ valid: false, problems: [{ sourceObjectId: USER_ADA.id, targetUserExternalId: 'u-carol', message: 'Carol Cloud has no Exchange licence' }] })
      .mockResolvedValueOnce({ valid: true, problems: [] });
    jest.mocked(startMapping).mockResolvedValue(job({ id: '7a000000-0000-4000-8000-0000000000cc', type: 'restore', title: 'Restore by mapping Move Ada', status: 'queued' }));
    jest.mocked(getJob).mockResolvedValue(job({ id: '7a000000-0000-4000-8000-0000000000cc', type: 'restore', title: 'Restore by mapping Move Ada', status: 'running' }));
    const { router, user } = renderPage('/snapshot-mapping', <SnapshotMappingPage />, `/snapshot-mapping?mapping=${MAPPING.id}`);
    const form = await screen.findByRole('form', { name: 'Snapshot mapping' });
    await user.click(within(form).getByRole('button', { name: 'Validate' }));
    expect(await within(form).findByText('Carol Cloud has no Exchange licence')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Start restore' })).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Validate' }));
    expect(await within(form).findByText('Every target user exists and can receive the restore.')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Start restore' }));
    await waitFor(() => expect(startMapping).toHaveBeenCalledWith(MAPPING.id));
    await waitFor(() => expect(router.location.search).toContain('job=7a000000-0000-4000-8000-0000000000cc'));
    expect(await screen.findByTestId('job-watch')).toHaveTextContent('Restore by mapping Move Ada');
  });

  it('shows the error state', async () => {
    jest.mocked(listMappings).mockResolvedValue({ errorMessage: 'Internal server error' });
    renderPage('/snapshot-mapping', <SnapshotMappingPage />, '/snapshot-mapping');
    expect(await screen.findByText(/The snapshot mappings could not be loaded: Internal server error/)).toBeInTheDocument();
  });
});
