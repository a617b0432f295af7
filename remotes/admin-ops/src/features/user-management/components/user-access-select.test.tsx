import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { USER_ACCESS_MESSAGES, type ManagedUser, type OrganisationNode } from '@portal/contracts';
import { updateManagedUserAccess } from '@portal/contracts/calls';
import { alertStore, resetAlertStore } from '@portal/ui';
import { UserAccessSelect, accessLockReason } from './user-access-select';

jest.mock('@portal/contracts/calls', () => ({ updateManagedUserAccess: jest.fn() }));

const mocked = updateManagedUserAccess as jest.Mock;

const user = (extra: Partial<ManagedUser> = {}): ManagedUser => ({
  id: 'u1',
  organisationId: 'c1',
  username: 'chris',
  email: 'chris@example.com',
  firstName: 'Chris',
  lastName: 'Customer',
  role: 'CUSTOMER',
  access: 'full',
  mfa: false,
  suspended: false,
  invitePending: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  ...extra,
});

const organisation = (extra: Partial<OrganisationNode> = {}): OrganisationNode => ({
  id: 'c1',
  name: 'Demo Customer',
  kind: 'CUSTOMER',
  parentId: 'p1',
  suspended: false,
  demo: false,
  createdAt: '2026-11-01T10:00:00.000Z',
  userCount: 1,
  seats: 0,
  manageable: true,
  mfaRequired: false,
  mfaInherited: false,
  ...extra,
});

const combobox = () => screen.getByRole('combobox', { name: 'Access of chris' });

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
    mocked.mockResolvedValue(user({ access: 'read-only' }));
    const onChanged = jest.fn();
    render(<UserAccessSelect user={user()} lockReason={null} onChanged={onChanged} />);
    expect(combobox()).toHaveTextContent('Full access');
    await choose('Read-only');
    const dialog = screen.getByRole('dialog', { name: 'Make chris read-only?' });
    expect(mocked).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Set to Read-only' }));
    expect(mocked).toHaveBeenCalledWith('u1', { access: 'read-only' });
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(alertStore.getState()).toMatchObject({ message: USER_ACCESS_MESSAGES.changed, type: 'success' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('changes nothing when the confirmation is cancelled', async () => {
    const onChanged = jest.fn();
    render(<UserAccessSelect user={user({ access: 'read-only' })} lockReason={null} onChanged={onChanged} />);
    await choose('Full access');
    await userEvent.click(within(screen.getByRole('dialog', { name: 'Give chris full access?' })).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mocked).not.toHaveBeenCalled();
    expect(onChanged).not.toHaveBeenCalled();
    expect(combobox()).toHaveTextContent('Read-only');
  });

  it("shows the API's refusal in the dialog and keeps the access as it was", async () => {
    mocked.mockResolvedValue({ errorMessage: USER_ACCESS_MESSAGES.readOnly });
    const onChanged = jest.fn();
    render(<UserAccessSelect user={user()} lockReason={null} onChanged={onChanged} />);
    await choose('Read-only');
    await userEvent.click(screen.getByRole('button', { name: 'Set to Read-only' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(USER_ACCESS_MESSAGES.readOnly);
    expect(onChanged).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('is disabled with the reason for the caller itself', () => {
    render(<UserAccessSelect user={user()} lockReason={USER_ACCESS_MESSAGES.ownAccess} onChanged={jest.fn()} />);
    expect(combobox()).toHaveAttribute('aria-disabled', 'true');
    expect(combobox()).toHaveAccessibleDescription(USER_ACCESS_MESSAGES.ownAccess);
  });
});

describe('accessLockReason', () => {
  it('mirrors the API: never oneself, own organisation only for ADMIN', () => {
    expect(accessLockReason(user(), organisation(), { userId: 'u1', role: 'PARTNER' })).toBe(USER_ACCESS_MESSAGES.ownAccess);
    expect(accessLockReason(user(), organisation(), { userId: 'u1', role: 'ADMIN' })).toBe(USER_ACCESS_MESSAGES.ownAccess);
    expect(accessLockReason(user(), organisation({ manageable: false }), { userId: 'p9', role: 'PARTNER' })).toBe(USER_ACCESS_MESSAGES.ownOrganisation);
    expect(accessLockReason(user(), organisation({ manageable: false }), { userId: 'a9', role: 'ADMIN' })).toBeNull();
    expect(accessLockReason(user(), organisation(), { userId: 'p9', role: 'PARTNER' })).toBeNull();
  });
});
