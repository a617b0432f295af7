import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER_ACCESS_MESSAGES } from '@portal/contracts';
import { updateManagedUserAccess } from '@portal/contracts/calls';
import { alertStore, resetAlertStore } from '@portal/ui';
import { managedUser, organisationNode } from '../../../testing/fixtures';
import { UserAccessSelect, accessLockReason } from './user-access-select';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());

const mocked = updateManagedUserAccess as jest.Mock;

const combobox = () => screen.getByRole('combobox', { name: 'Access of customer' });

async function choose(label: string) {
  await userEvent.click(combobox());
  await userEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: label }));
}

beforeEach(() => {
  jest.clearAllMocks();
  resetAlertStore();
});

describe('UserAccessSelect', () => {
  it('makes a user read-only after confirmation and reloads', async () => {
    mocked.mockResolvedValue(managedUser({ access: 'read-only' }));
    const onChanged = jest.fn();
    render(<UserAccessSelect user={managedUser()} lockReason={null} onChanged={onChanged} />);
    expect(combobox()).toHaveTextContent('Full access');
    await choose('Read-only');
    const dialog = screen.getByRole('dialog', { name: 'Make customer read-only?' });
    expect(mocked).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set to Read-only' }));
    expect(mocked).toHaveBeenCalledWith('u1', { access: 'read-only' });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(alertStore.getState()).toMatchObject({ message: USER_ACCESS_MESSAGES.changed, type: 'success' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('changes nothing when the confirmation is cancelled', async () => {
    const onChanged = jest.fn();
    render(<UserAccessSelect user={managedUser({ access: 'read-only' })} lockReason={null} onChanged={onChanged} />);
    await choose('Full access');
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Give customer full access?' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mocked).not.toHaveBeenCalled();
    expect(onChanged).not.toHaveBeenCalled();
    expect(combobox()).toHaveTextContent('Read-only');
  });

  it("shows the API's refusal in the dialog and keeps the access as it was", async () => {
    mocked.mockResolvedValue({ errorMessage: USER_ACCESS_MESSAGES.readOnly });
    const onChanged = jest.fn();
    render(<UserAccessSelect user={managedUser()} lockReason={null} onChanged={onChanged} />);
    await choose('Read-only');
    await userEvent.click(screen.getByRole('button', { name: 'Set to Read-only' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(USER_ACCESS_MESSAGES.readOnly);
    expect(onChanged).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('is disabled with the reason for the caller itself', () => {
    render(<UserAccessSelect user={managedUser()} lockReason={USER_ACCESS_MESSAGES.ownAccess} onChanged={jest.fn()} />);
    expect(combobox()).toHaveAttribute('aria-disabled', 'true');
    expect(combobox()).toHaveAccessibleDescription(USER_ACCESS_MESSAGES.ownAccess);
  });
});

describe('accessLockReason', () => {
  it('mirrors the API: never oneself, own organisation only for ADMIN', () => {
    expect(accessLockReason(managedUser(), organisationNode(), { userId: 'u1', role: 'PARTNER' })).toBe(USER_ACCESS_MESSAGES.ownAccess);
    expect(accessLockReason(managedUser(), organisationNode(), { userId: 'u1', role: 'ADMIN' })).toBe(USER_ACCESS_MESSAGES.ownAccess);
    expect(accessLockReason(managedUser(), organisationNode({ manageable: false }), { userId: 'p9', role: 'PARTNER' })).toBe(USER_ACCESS_MESSAGES.ownOrganisation);
    expect(accessLockReason(managedUser(), organisationNode({ manageable: false }), { userId: 'a9', role: 'ADMIN' })).toBeNull();
    expect(accessLockReason(managedUser(), organisationNode(), { userId: 'p9', role: 'PARTNER' })).toBeNull();
  });
});
