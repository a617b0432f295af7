import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteStatus } from '@portal/contracts';
import { listRemoteVersions, rollbackRemoteVersion } from '@portal/contracts/calls';
import { alertStore } from '@portal/ui';
import { expectEmptyThenError } from '../../../testing/render-first-visit';
import { OperatorPage } from './operator-page';

jest.mock('@portal/contracts/calls', () => ({
  listRemoteVersions: jest.fn(),
  rollbackRemoteVersion: jest.fn(),
  // The canary, job queue and workers sections (tested in their own files) load beside the remotes.
  listOperatorJobs: jest.fn().mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 20 }),
  cancelOperatorJob: jest.fn(),
  listEngineWorkers: jest.fn().mockResolvedValue({ workers: [], aliveAfterSeconds: 60 }),
  listRemoteCanaries: jest.fn().mockResolvedValue({ canaries: [] }),
  startRemoteCanary: jest.fn(),
  getMaintenance: jest.fn().mockResolvedValue({ enabled: false, message: null, since: null }),
  setMaintenance: jest.fn(),
}));

const mock = (fn: unknown) => fn as jest.Mock;

const release = (version: string, extra: Partial<RemoteStatus['releases'][number]> = {}) => ({
  version,
  entry: 'remoteEntry.js',
  integrity: 'sha384-x',
  builtAt: null,
  gitCommit: null,
  publishedAt: '2026-11-20T10:00:00.000Z',
  rolledBack: null,
  everLive: true,
  liveSeconds: 7200,
  ...extra,
});

const support: RemoteStatus = {
  name: 'support',
  current: '1.2.0',
  // Live before 1.2.0 was 1.0.0: 1.1.0 was rolled back away from, so the server says 1.0.0.
  rollbackTarget: '1.0.0',
  releases: [
    release('1.2.0'),
    release('1.1.0', { rolledBack: { at: '2026-11-20T11:00:00.000Z', by: 'cli:ops', reason: 'blank page on Safari' }, liveSeconds: 3600 }),
    release('1.0.0'),
    release('0.9.0', { everLive: false, liveSeconds: 0 }),
  ],
  history: [
    { fromVersion: '1.0.0', toVersion: '1.2.0', at: '2026-11-21T10:00:00.000Z', actor: 'admin', kind: 'deploy', reason: null },
    { fromVersion: '1.1.0', toVersion: '1.0.0', at: '2026-11-20T11:00:00.000Z', actor: 'cli:ops', kind: 'rollback', reason: 'blank page on Safari' },
    { fromVersion: '1.0.0', toVersion: '1.1.0', at: '2026-11-20T10:00:00.000Z', actor: 'cli:ops', kind: 'deploy', reason: null },
  ],
};
const single: RemoteStatus = { name: 'admin_ops', current: '1.0.0', rollbackTarget: null, releases: [release('1.0.0')], history: [] };

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
    expect(within(history).getByText('Deploy: 1.0.0 → 1.2.0')).toBeInTheDocument();
    expect(within(history).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      expect.stringContaining('Deploy: 1.0.0 → 1.2.0'),
      expect.stringContaining('Rollback: 1.1.0 → 1.0.0'),
      expect.stringContaining('Deploy: 1.0.0 → 1.1.0'),
    ]);
    expect(within(card).getByText('A rollback returns to 1.0.0, the version live before.')).toBeInTheDocument();
    const other = screen.getByRole('region', { name: 'admin_ops' });
    expect(within(other).getByText('No other version to roll back to')).toBeInTheDocument();
    expect(within(other).queryByRole('button', { name: /Roll back/ })).not.toBeInTheDocument();
  });

  it("names the server's rollback target (the version live before, not the rolled-back one) in the button and the dialog, and sends it with the reason", async () => {
    mock(rollbackRemoteVersion).mockResolvedValue({ name: 'support', release: release('1.0.0'), pointer: support.history[0] });
    render(<OperatorPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Roll back support to 1.0.0' }));
    const dialog = screen.getByRole('dialog', { name: 'Roll back support to 1.0.0?' });
    expect(dialog).toHaveTextContent('gets version 1.0.0 instead of 1.2.0');
    await userEvent.type(within(dialog).getByLabelText('Reason (optional)'), 'checkout broken');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Roll back to 1.0.0' }));
    expect(rollbackRemoteVersion).toHaveBeenCalledWith('support', { to: '1.0.0', reason: 'checkout broken' });
    await waitFor(() => expect(alertStore.getState()).toEqual(expect.objectContaining({ message: 'support rolled back to 1.0.0', type: 'success' })));
    await waitFor(() => expect(listRemoteVersions).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('does nothing when the dialog is cancelled; a chosen older version is sent', async () => {
    mock(rollbackRemoteVersion).mockResolvedValue({ errorMessage: 'Version 1.0.0 of support is not published' });
    render(<OperatorPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Roll back support to 1.0.0' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(rollbackRemoteVersion).not.toHaveBeenCalled();

    const card = screen.getByRole('region', { name: 'support' });
    await userEvent.click(within(card).getByRole('combobox', { name: 'Version' }));
    await userEvent.click(screen.getByRole('option', { name: '1.1.0 (rolled back)' }));
    expect(within(card).getByText('Rolled back before')).toBeInTheDocument();
    await userEvent.click(within(card).getByRole('button', { name: 'Roll back support to 1.1.0' }));
    await userEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Roll back to 1.1.0' }));
    expect(rollbackRemoteVersion).toHaveBeenCalledWith('support', { to: '1.1.0' });
    await waitFor(() => expect(alertStore.getState()).toEqual(expect.objectContaining({ message: 'Version 1.0.0 of support is not published', type: 'error' })));
  });

  it('shows empty and error states', async () => {
    await expectEmptyThenError(<OperatorPage />, listRemoteVersions, { answer: { remotes: [] }, text: 'No remotes are registered yet.' }, { answer: { errorMessage: 'Forbidden' }, text: 'Forbidden' });
  });

  it('shows each version: live for how long or never, and rolled back by whom and why', async () => {
    render(<OperatorPage />);
    const versions = await screen.findByRole('list', { name: 'Versions of support' });
    const items = within(versions).getAllByRole('listitem').map((li) => li.textContent);
    expect(items[0]).toMatch(/^1\.2\.0current.*live 2 h$/);
    expect(items[1]).toMatch(/^1\.1\.0rolled back.*live 60 min · rolled back by cli:ops .*: blank page on Safari$/);
    expect(items[3]).toMatch(/^0\.9\.0.*never live$/);
    const history = screen.getByRole('list', { name: 'Deploy history of support' });
    expect(within(history).getAllByRole('listitem')[1]).toHaveTextContent('Rollback: 1.1.0 → 1.0.0cli:ops');
    expect(within(history).getAllByRole('listitem')[1]).toHaveTextContent('blank page on Safari');
  });
});
