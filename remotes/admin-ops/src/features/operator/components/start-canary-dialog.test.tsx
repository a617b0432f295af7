import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteStatus } from '@portal/contracts';
import { startRemoteCanary } from '@portal/contracts/calls';
import { StartCanaryDialog } from './start-canary-dialog';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());

const release = (version: string, rolledBack = false) => ({
  version,
  entry: `/remotes/support/${version}/remoteEntry.js`,
  integrity: 'sha384-x',
  builtAt: null,
  gitCommit: null,
  publishedAt: '2026-11-26T09:00:00.000Z',
  rolledBack: rolledBack ? { at: '2026-11-26T09:10:00.000Z', by: 'admin', reason: null } : null,
  everLive: true,
  liveSeconds: 60,
});
const remotes: RemoteStatus[] = [
  { name: 'support', current: '1.0.0', rollbackTarget: null, releases: [release('1.0.0'), release('1.1.0'), release('0.9.0', true)], history: [] },
  { name: 'admin_ops', current: '2.0.0', rollbackTarget: null, releases: [release('2.0.0')], history: [] },
];

beforeEach(() => (startRemoteCanary as jest.Mock).mockReset().mockResolvedValue({ canary: { version: '1.1.0', percent: 30 } }));

async function choose(label: string, option: string) {
  await userEvent.click(screen.getByRole('combobox', { name: label }));
  await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

it('offers the remote\'s versions but the live one, checks the share with the API\'s rules, and starts the canary', async () => {
  const onStarted = jest.fn();
  const onClose = jest.fn();
  render(<StartCanaryDialog open remotes={remotes} onClose={onClose} onStarted={onStarted} />);
  await userEvent.click(screen.getByRole('combobox', { name: 'Version' }));
  expect(within(screen.getByRole('listbox')).getAllByRole('option').map((o) => o.textContent)).toEqual(['1.1.0', '0.9.0 (rolled back)']);
  await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: '1.1.0' }));

  const percent = screen.getByRole('textbox', { name: 'Share of sessions (%)' });
  for (const typed of ['0', '101', '12.5', 'half']) {
    await userEvent.clear(percent);
    await userEvent.type(percent, typed);
    expect(await screen.findByText(/percent must be (a whole number|between 1 and 100)/)).toBeInTheDocument();
  }
  await userEvent.clear(percent);
  await userEvent.type(percent, '30');
  await userEvent.type(screen.getByRole('textbox', { name: 'Promote after (minutes, optional)' }), '0');
  expect(await screen.findByText('promoteAfterMinutes must be at least 1')).toBeInTheDocument();
  await userEvent.clear(screen.getByRole('textbox', { name: 'Promote after (minutes, optional)' }));

  await userEvent.click(screen.getByRole('button', { name: 'Start canary' }));
  await waitFor(() => expect(startRemoteCanary).toHaveBeenCalledWith('support', { version: '1.1.0', percent: 30 }));
  expect(onStarted).toHaveBeenCalled();
  expect(onClose).toHaveBeenCalled();
});

it('clears the version when another remote is chosen, and says when it has nothing to offer', async () => {
  render(<StartCanaryDialog open remotes={remotes} onClose={jest.fn()} onStarted={jest.fn()} />);
  await choose('Version', '1.1.0');
  await choose('Remote', 'admin_ops');
  expect(screen.getByText('No other published version: deploy one first')).toBeInTheDocument();
  await userEvent.click(screen.getByRole('button', { name: 'Start canary' }));
  expect(await screen.findByText('Choose a version')).toBeInTheDocument();
  expect(startRemoteCanary).not.toHaveBeenCalled();
});
