import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { API_KEY_MESSAGES, USER_ACCESS_MESSAGES, type ApiKey } from '@portal/contracts';
import { createApiKey, listApiKeys, revokeApiKey } from '@portal/contracts/calls';
import { profileStore } from '@portal/ui';
import { renderWithAlert, signInBeforeEach, testUser } from '../../../testing/session';
import { ApiKeysPage } from './api-keys-page';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());
jest.setTimeout(30000);

const user = testUser('CUSTOMER');
const SECRET = `cbk_abcdefghij_${'s'.repeat(43)}`;

const apiKey = (extra: Partial<ApiKey> = {}): ApiKey => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'PSA sync',
  publicId: 'abcdefghij',
  access: 'read-only',
  status: 'active',
  createdAt: '2026-11-01T10:00:00.000Z',
  createdByName: 'customer',
  expiresAt: null,
  lastUsedAt: null,
  lastUsedIp: null,
  revokedAt: null,
  ...extra,
});

signInBeforeEach(user);
afterEach(() => profileStore.getState().clear());

describe('ApiKeysPage', () => {
  it('lists the keys with their short id, access, status and last use, never a secret', async () => {
    jest.mocked(listApiKeys).mockResolvedValue({
      items: [
        apiKey({ lastUsedAt: '2026-11-20T08:00:00.000Z', lastUsedIp: '203.0.113.9' }),
        apiKey({ id: '00000000-0000-4000-8000-000000000002', name: 'Old RMM', publicId: 'zyxwvutsrq', access: 'full', status: 'revoked', revokedAt: '2026-11-02T10:00:00.000Z' }),
      ],
    });
    render(<ApiKeysPage />);
    const table = await screen.findByRole('table', { name: 'API keys' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first).getByRole('rowheader')).toHaveTextContent('PSA sync');
    expect(first).toHaveTextContent('cbk_abcdefghij_…');
    expect(first).toHaveTextContent('Read-only');
    expect(first).toHaveTextContent('Active');
    expect(first).toHaveTextContent('203.0.113.9');
    expect(within(first).getByRole('button', { name: 'Revoke PSA sync' })).toBeEnabled();
    expect(second).toHaveTextContent('Revoked');
    expect(within(second).queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: 'API reference' })).toHaveAttribute('href', expect.stringMatching(/docs\/$/));
  });

  it('creates a key, shows its secret once with a copy button, and forgets it when closed', async () => {
    jest.mocked(listApiKeys).mockResolvedValue({ items: [] });
    jest.mocked(createApiKey).mockResolvedValue({ message: API_KEY_MESSAGES.created, key: apiKey({ name: 'Billing' }), secret: SECRET });
    const ue = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderWithAlert(<ApiKeysPage />);
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();

    await ue.click(screen.getByRole('button', { name: 'Create key' }));
    const form = await screen.findByRole('dialog', { name: 'Create API key' });
    // The form's own check: a name is required.
    await ue.click(within(form).getByRole('button', { name: 'Create key' }));
    expect(await within(form).findByText(API_KEY_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(createApiKey).not.toHaveBeenCalled();

    await ue.type(within(form).getByRole('textbox', { name: /Name/ }), 'Billing');
    await ue.click(within(form).getByRole('combobox', { name: /Access/ }));
    await ue.click(await screen.findByRole('option', { name: 'Full access' }));
    await ue.click(within(form).getByRole('button', { name: 'Create key' }));
    await waitFor(() => expect(createApiKey).toHaveBeenCalledWith({ name: 'Billing', access: 'full', expiresOn: null }));

    const shown = await screen.findByRole('dialog', { name: 'Copy your new API key' });
    expect(shown).toHaveAccessibleDescription(expect.stringContaining('it will not be shown again'));
    const field = within(shown).getByRole('textbox', { name: 'API key “Billing”' });
    expect(field).toHaveValue(SECRET);
    expect(field).toHaveAttribute('readonly');
    expect(field).toHaveAttribute('dir', 'ltr');
    await ue.click(within(shown).getByRole('button', { name: 'Copy API key' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(within(shown).getByRole('status')).toHaveTextContent('Copied to the clipboard.');

    await ue.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull(), { timeout: 5000 });
    expect(document.body).not.toHaveTextContent(SECRET);
    // The list is read again after the creation.
    await waitFor(() => expect(jest.mocked(listApiKeys).mock.calls.length).toBeGreaterThan(1));
  });

  it('revokes a key after confirmation', async () => {
    jest.mocked(listApiKeys).mockResolvedValue({ items: [apiKey()] });
    jest.mocked(revokeApiKey).mockResolvedValue({ message: API_KEY_MESSAGES.revoked, key: apiKey({ status: 'revoked' }) });
    const ue = userEvent.setup();
    renderWithAlert(<ApiKeysPage />);
    await ue.click(await screen.findByRole('button', { name: 'Revoke PSA sync' }));
    const confirm = await screen.findByRole('dialog', { name: 'Revoke “PSA sync”?' });
    await ue.click(within(confirm).getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(revokeApiKey).toHaveBeenCalledWith(apiKey().id));
    expect(await screen.findByText(API_KEY_MESSAGES.revoked)).toBeInTheDocument();
  });

  it('lets a read-only user see the keys but not create or revoke, and says why', async () => {
    const { userId, username, email, firstName, lastName, role } = user;
    profileStore.getState().setProfile({ userId, username, email, firstName, lastName, role, profileImageUrl: null, organisationName: 'Demo Customer', access: 'read-only' });
    jest.mocked(listApiKeys).mockResolvedValue({ items: [apiKey()] });
    render(<ApiKeysPage />);
    for (const name of ['Create key', 'Revoke PSA sync']) {
      const button = await screen.findByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(USER_ACCESS_MESSAGES.readOnly);
    }
  });

  it('shows a load error with Retry', async () => {
    jest.mocked(listApiKeys).mockRejectedValueOnce(new Error('Invalid response received')).mockResolvedValueOnce({ items: [] });
    render(<ApiKeysPage />);
    expect(await screen.findByText(/API keys could not be loaded: Invalid response received/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
  });
});
