import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteStatus } from '@portal/contracts';
import { listRemoteVersions, rollbackRemoteVersion } from '@portal/contracts/calls';
import { alertStore } from '@portal/ui';
import { OperatorPage } from './operator-page';
import { defaultRollbackTarget } from './remote-version-card';

jest.mock('@portal/contracts/calls', () => ({
  listRemoteVersions: jest.fn(),
  rollbackRemoteVersion: jest.fn(),
  // The job queue and workers sections (tested in their own files) load beside the remotes.
  listOperatorJobs: jest.fn().mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 20 }),
  cancelOperatorJob: jest.fn(),
  listEngineWorkers: jest.fn().mockResolvedValue({ workers: [], aliveAfterSeconds: 60 }),
  getMaintenance: jest.fn().mockResolvedValue({ enabled: false, message: null, since: null }),
  setMaintenance: jest.fn(),
}));

const mock = (fn: unknown) => fn as jest.Mock;

const release = (version: string) => ({ version, entry: 'remoteEntry.js', integrity: 'sha384-x', builtAt: null, gitCommit: null, publishedAt: '2026-11-20T10:00:00.000Z' });

const support: RemoteStatus = {
  name: 'support',
  current: '1.2.0',
  releases: [release('1.2.0'), release('1.1.0'), release('1.0.0')],
  history: [
    { fromVersion: '1.1.0', toVersion: '1.2.0', at: '2026-11-21T10:00:00.000Z', actor: 'admin' },
    { fromVersion: '1.0.0', toVersion: '1.1.0', at: '2026-11-20T10:00:00.000Z', actor: 'cli:ops' },
  ],
};
const single: RemoteStatus = { name: 'admin_ops', current: '1.0.0', releases: [release('1.0.0')], history: [] };

beforeEach(() => {
  jest.clearAllMocks();
  mock(listRemoteVersions).mockResolvedValue({ remotes: [support, single] });
});

describe('OperatorPage', () => {
  it('shows each remote with its current version and deploy history', async () => {
    render(<OperatorPage />);
    const card = await screen.findByRole('region', { name: 'support' });
    expect(within(card).getByText('Current version: 1.2.0')).toBeInTheDocument();
    const history = within(card).getByRole('list', { name: 'Deploy history of support' });
    expect(within(history).getByText('1.1.0 → 1.2.0')).toBeInTheDocument();
    expect(within(history).getByText(/cli:ops/)).toBeInTheDocument();
    expect(within(history).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('1.1.0 → 1.2.0'),
      expect.stringContaining('1.0.0 → 1.1.0'),
    ]);
    const other = screen.getByRole('region', { name: 'admin_ops' });
    expect(within(other).getByText('No other version to roll back to')).toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: /Roll back/ })).not.toBeInTheDocument();
  });

  it('rolls back to the previous version after confirmation and reloads', async () => {
    mock(rollbackRemoteVersion).mockResolvedValue({ name: 'support', release: release('1.1.0'), pointer: support.history[0] });
    render(<OperatorPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Roll back support' }));
    const dialog = screen.getByRole('dialog', { name: 'Roll back support?' });
    expect(dialog).toHaveTextContent('gets version 1.1.0 instead of 1.2.0');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Roll back' }));
    expect(rollbackRemoteVersion).toHaveBeenCalledWith('support', { to: '1.1.0' });
    await waitFor(() => expect(alertStore.getState()).toEqual(expect.objectContaining({ message: 'support rolled back to 1.1.0', type: 'success' })));
    await waitFor(() => expect(listRemoteVersions).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('does nothing when the dialog is cancelled; a chosen older version is sent', async () => {
    mock(rollbackRemoteVersion).mockResolvedValue({ errorMessage: 'Version 1.0.0 of support is not published' });
    render(<OperatorPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Roll back support' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rollbackRemoteVersion).not.toHaveBeenCalled();

    const card = screen.getByRole('region', { name: 'support' });
    await userEvent.click(within(card).getByRole('combobox', { name: 'Version' }));
    await userEvent.click(screen.getByRole('option', { name: '1.0.0' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Roll back support' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Roll back' }));
    expect(rollbackRemoteVersion).toHaveBeenCalledWith('support', { to: '1.0.0' });
    await waitFor(() => expect(alertStore.getState()).toEqual(expect.objectContaining({ message: 'Version 1.0.0 of support is not published', type: 'error' })));
  });

  it('shows empty and error states', async () => {
    mock(listRemoteVersions).mockResolvedValueOnce({ remotes: [] });
    const { unmount } = render(<OperatorPage />);
    expect(await screen.findByText('No remotes are registered yet.')).toBeInTheDocument();
    unmount();
    mock(listRemoteVersions).mockResolvedValueOnce({ errorMessage: 'Forbidden' });
    render(<OperatorPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Forbidden');
  });

  it('picks the version the current one replaced as the default target', () => {
    expect(defaultRollbackTarget(support)).toBe('1.1.0');
    expect(defaultRollbackTarget(single)).toBeNull();
    expect(defaultRollbackTarget({ ...support, history: [] })).toBe('1.1.0');
    // The newest pointer change decides, even when the API lists the history oldest first.
    const replayed: RemoteStatus = {
      ...support,
      history: [
        { fromVersion: null, toVersion: '1.2.0', at: '2026-11-19T10:00:00.000Z', actor: 'startup' },
        { fromVersion: '1.0.0', toVersion: '1.2.0', at: '2026-11-21T10:00:00.000Z', actor: 'admin' },
      ],
    };
    expect(defaultRollbackTarget(replayed)).toBe('1.0.0');
  });
});
