import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { listRemoteCanaries, listRemoteVersions, promoteRemoteCanary, rollbackRemoteCanary } from '@portal/contracts/calls';
import { renderFirstVisit } from '../../../testing/render-first-visit';
import { CanariesSection } from './canaries-section';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());

const mock = (fn: unknown) => fn as jest.Mock;
const running = {
  id: 2,
  name: 'support',
  version: '1.1.0-new',
  stableVersion: '1.0.0-old',
  percent: 25,
  state: 'running',
  startedAt: '2026-11-26T09:00:00.000Z',
  startedBy: 'admin',
  promoteAt: null,
  endedAt: null,
  endedBy: null,
  reason: null,
  canary: { loads: 8, failures: 1 },
  stable: { loads: 30, failures: 0 },
};
const rolledBack = {
  ...running,
  id: 1,
  name: 'admin_ops',
  version: '2.0.0',
  state: 'rolled_back',
  endedAt: '2026-11-26T09:30:00.000Z',
  endedBy: 'canary-guard',
  reason: 'Rolled back by itself: 4 of 4 loads failed (100%) against 0% of 2 for the current version',
  canary: { loads: 4, failures: 4 },
};

beforeEach(() => {
  mock(listRemoteVersions).mockReset().mockResolvedValue({ remotes: [] });
  mock(listRemoteCanaries).mockReset().mockResolvedValue({ canaries: [running, rolledBack] });
  mock(promoteRemoteCanary).mockReset().mockResolvedValue({ canary: { ...running, state: 'promoted' } });
  mock(rollbackRemoteCanary).mockReset().mockResolvedValue({ canary: { ...running, state: 'rolled_back' } });
});

describe('CanariesSection', () => {
  it("shows each remote's latest canary: share, state in words, and both versions' reports", async () => {
    render(<CanariesSection />);
    const table = await screen.findByRole('table', { name: /latest canary of each remote/ });
    const support = within(table).getByRole('row', { name: /support/ });
    expect(support).toHaveTextContent('25% of sessions');
    expect(support).toHaveTextContent('Running');
    expect(support).toHaveTextContent('1 of 8 users failed');
    expect(support).toHaveTextContent('0 of 30 users failed');
    const ended = within(table).getByRole('row', { name: /admin_ops/ });
    expect(ended).toHaveTextContent('Rolled back');
    expect(ended).toHaveTextContent('canary-guard');
    expect(ended).toHaveTextContent('4 of 4 loads failed');
    expect(within(ended).queryByRole('button')).toBeNull();
  });

  it('promotes and stops a running canary after confirmation, then reloads', async () => {
    const onChanged = jest.fn();
    render(<CanariesSection onChanged={onChanged} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Promote 1.1.0-new of support to everyone' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Promote 1.1.0-new of support?' })).getByRole('button', { name: 'Promote' }));
    await waitFor(() => expect(promoteRemoteCanary).toHaveBeenCalledWith('support'));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await userEvent.click(screen.getByRole('button', { name: 'Stop the canary 1.1.0-new of support' }));
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Stop the canary of support?' })).getByRole('button', { name: 'Stop canary' }));
    await waitFor(() => expect(rollbackRemoteCanary).toHaveBeenCalledWith('support'));
    await waitFor(() => expect(listRemoteCanaries).toHaveBeenCalledTimes(3));
  });

  it('says how to start one when there is none, and shows errors', async () => {
    mock(listRemoteCanaries).mockResolvedValueOnce({ canaries: [] });
    const { unmount } = render(<CanariesSection />);
    expect(await screen.findByText(/--canary <percent> serves a new version to a share of sessions first/)).toBeInTheDocument();
    unmount();
    mock(listRemoteCanaries).mockResolvedValueOnce({ errorMessage: 'Forbidden' });
    renderFirstVisit(<CanariesSection />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Forbidden');
  });
});
