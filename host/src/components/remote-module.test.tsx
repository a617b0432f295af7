import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { initFederation, loadRemoteComponent, resetFederationState } from '../lib/federation/federation';
import { RemoteModule } from './remote-module';

jest.mock('@module-federation/enhanced/runtime', () => jest.requireActual('../testing/mocks').federationRuntimeMock());

const INTEGRITY = 'sha384-AAAA';
const registry = {
  remotes: [{ name: 'support', version: '0.1.0-b', entry: '/remotes/support/0.1.0-b/remoteEntry.js', integrity: INTEGRITY }],
};

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  (loadRemote as jest.Mock).mockReset();
  (registerRemotes as jest.Mock).mockReset();
  resetFederationState();
  global.fetch = jest.fn().mockResolvedValue({ ok: true, json: async () => registry }) as unknown as typeof fetch;
  initFederation([{ name: 'support', version: '0.1.0-a', entry: '/remotes/support/0.1.0-a/remoteEntry.js', integrity: INTEGRITY }]);
});

describe('RemoteModule', () => {
  it('shows RemoteErrorPanel when the remote fails, and Retry re-registers it (force) and loads again', async () => {
    (loadRemote as jest.Mock)
      .mockRejectedValueOnce(new Error('Failed to load script resources'))
      .mockResolvedValueOnce({ default: () => <h1>Support page</h1> });

    render(<RemoteModule remote="support" module="./SupportPage" />);

    expect(await screen.findByText('This part of the portal could not be loaded.')).toBeInTheDocument();
    expect(screen.getByText('Failed to load script resources')).toBeInTheDocument();
    (registerRemotes as jest.Mock).mockClear();

    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByRole('heading', { name: 'Support page' })).toBeInTheDocument();
    expect(global.fetch).toHaveBeenCalledWith('/remotes.json', expect.objectContaining({ cache: 'no-store' }));
    // The fresh registry entry (a rollback or redeploy may have moved the pointer) is registered.
    expect(registerRemotes).toHaveBeenCalledWith([{ name: 'support', entry: '/remotes/support/0.1.0-b/remoteEntry.js' }], { force: true });
    expect(loadRemote).toHaveBeenCalledTimes(2);
    expect(loadRemote).toHaveBeenLastCalledWith('support/SupportPage');
  });

  it('catches a remote that throws while rendering', async () => {
    (loadRemote as jest.Mock).mockResolvedValue({
      default: () => {
        throw new Error('render failed');
      },
    });
    render(<RemoteModule remote="support" module="./SupportPage" />);
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByText('render failed')).toBeInTheDocument();
  });

  it('renders a module the page has loaded already (a prefetch on hover) at once, without its loader', async () => {
    (loadRemote as jest.Mock).mockResolvedValue({ default: () => <h1>Support page</h1> });
    await loadRemoteComponent('support', './SupportPage');
    render(<RemoteModule remote="support" module="./SupportPage" />);
    // In the first commit: no Suspense fallback, so React has no reveal to hold back.
    expect(screen.getByRole('heading', { name: 'Support page' })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledTimes(1);
  });

  it('shows a module not loaded yet as soon as it arrives, not after React holds its loader for 300 ms', async () => {
    (loadRemote as jest.Mock).mockResolvedValue({ default: () => <h1>Support page</h1> });
    render(<RemoteModule remote="support" module="./SupportPage" />);
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    // Through React.lazy the page stayed behind its loader until 300 ms after the loader showed.
    expect(await screen.findByRole('heading', { name: 'Support page' }, { timeout: 150 })).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('loads the module once while its loader shows, also when the page renders again meanwhile', async () => {
    let resolve: (value: unknown) => void = () => undefined;
    (loadRemote as jest.Mock).mockReturnValue(new Promise((r) => (resolve = r)));
    const { rerender } = render(<RemoteModule remote="support" module="./SupportPage" props={{ n: 1 }} />);
    rerender(<RemoteModule remote="support" module="./SupportPage" props={{ n: 2 }} />);
    resolve({ default: ({ n }: { n: number }) => <h1>Support page {n}</h1> });
    expect(await screen.findByRole('heading', { name: 'Support page 2' })).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledTimes(1);
  });

  it('loads the module again when the remote now points at another version', async () => {
    (loadRemote as jest.Mock).mockResolvedValue({ default: () => <h1>Support page</h1> });
    await loadRemoteComponent('support', './SupportPage');
    initFederation([{ name: 'support', version: '0.1.0-c', entry: '/remotes/support/0.1.0-c/remoteEntry.js', integrity: INTEGRITY }]);
    render(<RemoteModule remote="support" module="./SupportPage" />);
    expect(screen.queryByRole('heading', { name: 'Support page' })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Support page' })).toBeInTheDocument();
    expect(loadRemote).toHaveBeenCalledTimes(2);
  });
});
