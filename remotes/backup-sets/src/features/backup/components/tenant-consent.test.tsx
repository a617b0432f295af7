import { screen, waitFor, within } from '@testing-library/react';
import { REQUIRED_GRAPH_PERMISSIONS } from '@portal/config';
import { TENANT_CONSENT_OUTCOMES } from '@portal/contracts';
import { listBackupSets, listTenants, startTenantConsent } from '@portal/contracts/calls';
import { openExternal } from '../../../lib/open-external';
import { TENANT } from '../../../testing/fixtures';
import { renderPage } from '../../../testing/render-page';
import { BackupPage } from './backup-page';

jest.mock('@portal/contracts/calls', () => ({
  listBackupSets: jest.fn(),
  listTenants: jest.fn(),
  startTenantConsent: jest.fn(),
  testTenantConnection: jest.fn(),
}));
jest.mock('../../../lib/open-external', () => ({ openExternal: jest.fn() }));
jest.setTimeout(30000);

const all = REQUIRED_GRAPH_PERMISSIONS.map((p) => p.name);
const CONSENTED = { ...TENANT, id: '0d7c1f1e-0000-4000-8000-0000000000c2', name: 'Fabrikam', demo: false, connectedVia: 'consent' as const, grantedPermissions: all.filter((n) => n !== 'ChannelMessage.Read.All') };

beforeEach(() => {
  jest.mocked(listBackupSets).mockReset().mockResolvedValue({ items: [], total: 0, page: 1, pageSize: 25 });
  jest.mocked(listTenants).mockReset().mockResolvedValue({ items: [CONSENTED], consentAvailable: true });
  jest.mocked(startTenantConsent).mockReset();
  jest.mocked(openExternal).mockReset();
});

describe('Connect with Microsoft on the backup page', () => {
  it("goes to Microsoft's consent page the API names", async () => {
    jest.mocked(startTenantConsent).mockResolvedValue({ url: 'https://login.microsoftonline.com/organizations/v2.0/adminconsent?state=s' });
    const { user } = renderPage('/backup', <BackupPage />, '/backup');
    await user.click(await screen.findByRole('button', { name: 'Connect with Microsoft' }));
    await waitFor(() => expect(openExternal).toHaveBeenCalledWith('https://login.microsoftonline.com/organizations/v2.0/adminconsent?state=s'));
    expect(screen.getByRole('button', { name: 'Opening Microsoft…' })).toBeDisabled();
    // Typing credentials stays possible.
    expect(screen.getByRole('button', { name: 'Enter app credentials' })).toBeInTheDocument();
  });

  it('says why it could not start', async () => {
    jest.mocked(startTenantConsent).mockResolvedValue({ errorMessage: 'Connect with Microsoft is not set up on this portal' });
    const { user } = renderPage('/backup', <BackupPage />, '/backup');
    await user.click(await screen.findByRole('button', { name: 'Connect with Microsoft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Connect with Microsoft is not set up on this portal');
    expect(openExternal).not.toHaveBeenCalled();
  });

  it("shows the callback's outcome from its code, and lists required permissions with the missing one flagged", async () => {
    const { user, router } = renderPage('/backup', <BackupPage />, `/backup?consent=connected&tenant=${CONSENTED.id}`);
    expect(await screen.findByText(TENANT_CONSENT_OUTCOMES.connected.message)).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Graph permissions: 1 missing' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('list', { name: 'Graph permissions of Fabrikam' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual(REQUIRED_GRAPH_PERMISSIONS.map((p) => `${p.name}${p.purpose}${p.name === 'ChannelMessage.Read.All' ? 'Missing' : 'Granted'}`));
    // The provider's secret is not the customer's to track.
    expect(screen.queryByRole('button', { name: 'Secret expiry of Fabrikam' })).not.toBeInTheDocument();

    await user.click(toggle);
    expect(screen.queryByRole('list', { name: 'Graph permissions of Fabrikam' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByText(TENANT_CONSENT_OUTCOMES.connected.message)).not.toBeInTheDocument();
    expect(router.location.search).toBe('');
  });

  it('ignores an outcome code it does not know (the URL cannot put words on the page)', async () => {
    renderPage('/backup', <BackupPage />, '/backup?consent=Call%20+1-555-0100%20for%20support');
    await screen.findByRole('button', { name: 'Graph permissions: 1 missing' });
    expect(screen.queryByText(/555-0100/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('offers only typed credentials when the portal has no provider app, and says when permissions are not known', async () => {
    jest.mocked(listTenants).mockResolvedValue({ items: [TENANT] });
    const { user } = renderPage('/backup', <BackupPage />, '/backup?consent=denied');
    expect(await screen.findByRole('button', { name: 'Connect tenant' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect with Microsoft' })).not.toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(TENANT_CONSENT_OUTCOMES.denied.message);
    await user.click(screen.getByRole('button', { name: 'Graph permissions: not known yet' }));
    expect(screen.getByText('Test the connection to see which permissions the tenant granted.')).toBeInTheDocument();
  });
});
