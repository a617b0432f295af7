import { act, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import userEvent from '@testing-library/user-event';
import {
  createManagedOrganisation,
  getOrganisationTree,
  inviteOrganisationUser,
  listOrganisationUsers,
  updateManagedUser,
} from '@portal/contracts/calls';
import { authStore, resetAuthStore } from '@portal/auth-bridge';
import { ADMIN_MESSAGES, TENANT_CONSENT_OUTCOMES } from '@portal/contracts';
import { managedUser, organisationNode, organisationTree } from '../../../testing/fixtures';
import { UserManagementPage } from './user-management-page';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());
// Typing through dialogs outlasts jest's 5 s on the shared 2-core machine.
jest.setTimeout(30000);

// The page reads Connect with Microsoft's outcome from its URL (?consent=), so it renders under a router.
const renderPage = (url = '/user-management') =>
  render(
    <MemoryRouter initialEntries={[url]}>
      <UserManagementPage />
    </MemoryRouter>,
  );

const tree = organisationTree();
const user = managedUser();

const mock = (fn: unknown) => fn as jest.Mock;

beforeEach(() => {
  jest.clearAllMocks();
  mock(getOrganisationTree).mockResolvedValue(tree);
  mock(listOrganisationUsers).mockResolvedValue({ users: [] });
});

describe('UserManagementPage', () => {
  it('shows the organisation tree and the users of the selected organisation', async () => {
    mock(listOrganisationUsers).mockImplementation(async (id: string) => ({ users: id === 'c1' ? [user] : [] }));
    renderPage();
    const nav = await screen.findByRole('navigation', { name: 'Organisations' });
    expect(within(nav).getByText('Demo Partner')).toBeInTheDocument();
    expect(await screen.findByText('No users yet. Invite the first one.')).toBeInTheDocument();
    await userEvent.click(within(nav).getByText('Demo Customer'));
    const table = await screen.findByRole('table', { name: 'Users of Demo Customer' });
    expect(within(table).getByText('customer@demo.example')).toBeInTheDocument();
    expect(screen.getByText('1 user · 3 protected seats')).toBeInTheDocument();
  });

  it('suspends a user through the API', async () => {
    mock(listOrganisationUsers).mockResolvedValue({ users: [user] });
    mock(updateManagedUser).mockResolvedValue({ ...user, suspended: true });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Suspend customer' }));
    expect(updateManagedUser).toHaveBeenCalledWith('u1', { suspended: true });
  });

  it('validates and creates an organisation of an allowed kind', async () => {
    mock(createManagedOrganisation).mockResolvedValue(organisationNode({ id: 'c2', name: 'Acme', seats: 3 }));
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'New organisation' }));
    const dialog = await screen.findByRole('dialog', { name: 'New organisation' });
    const name = within(dialog).getByRole('textbox', { name: /Name/ });
    await userEvent.type(name, 'x');
    await userEvent.clear(name);
    expect(await within(dialog).findByText('Name is a required field')).toBeInTheDocument();
    await userEvent.type(name, 'Acme');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
    await waitFor(() => expect(createManagedOrganisation).toHaveBeenCalledWith({ name: 'Acme', kind: 'CUSTOMER' }));
  });

  it('invites a user with a validated form', async () => {
    mock(inviteOrganisationUser).mockResolvedValue({ ...user, id: 'u2', username: 'newbie', invitePending: true });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Invite user' }));
    const dialog = await screen.findByRole('dialog', { name: /Invite a user/ });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /First name/ }), 'Ina');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Last name/ }), 'Vite');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Username/ }), 'newbie');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'not-an-email');
    expect(await within(dialog).findByText('must be a valid email')).toBeInTheDocument();
    await userEvent.clear(within(dialog).getByRole('textbox', { name: /Email/ }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Email/ }), 'newbie@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() =>
      expect(inviteOrganisationUser).toHaveBeenCalledWith('p1', { firstName: 'Ina', lastName: 'Vite', username: 'newbie', email: 'newbie@example.com' }),
    );
  });

  it('counts users and seats in the tree with singular and plural', async () => {
    mock(getOrganisationTree).mockResolvedValue({
      ...tree,
      organisations: [{ ...tree.organisations[0], userCount: 2, seats: 1 }, { ...tree.organisations[1], userCount: 1, seats: 0 }],
    });
    renderPage();
    const nav = await screen.findByRole('navigation', { name: 'Organisations' });
    expect(within(nav).getByText('Partner · 2 users · 1 seat')).toBeInTheDocument();
    expect(within(nav).getByText('Customer · 1 user · 0 seats')).toBeInTheDocument();
  });

  describe('the signed-in manager', () => {
    // The page is still mounted here and re-renders for the signed-out store.
    afterEach(() => act(() => resetAuthStore()));

    it('cannot suspend or reset the MFA of their own account, and sees why', async () => {
      const me = { ...user, id: 'me', username: 'padmin', mfa: true };
      mock(listOrganisationUsers).mockResolvedValue({ users: [me, { ...user, mfa: true }] });
      authStore.getState().login({ userId: 'me', role: 'PARTNER', mfa: false, email: me.email, firstName: 'P', lastName: 'A', username: 'padmin' });
      renderPage();
      const ownSuspend = await screen.findByRole('button', { name: 'Suspend padmin' });
      expect(ownSuspend).toBeDisabled();
      expect(ownSuspend).toHaveAccessibleDescription(ADMIN_MESSAGES.ownAccount);
      expect(screen.getByRole('button', { name: 'Reset MFA of padmin' })).toHaveAccessibleDescription(ADMIN_MESSAGES.ownAccount);
      // Everyone else's actions stay open.
      expect(screen.getByRole('button', { name: 'Suspend customer' })).toBeEnabled();
      expect(screen.getByRole('button', { name: 'Reset MFA of customer' })).toBeEnabled();
    });

    it('sees suspend and delete of their own organisation closed, with the reason', async () => {
      renderPage();
      await screen.findByText('No users yet. Invite the first one.');
      for (const name of ['Suspend', 'Delete']) {
        const button = await screen.findByRole('button', { name });
        expect(button).toBeDisabled();
        expect(button).toHaveAccessibleDescription(ADMIN_MESSAGES.ownOrganisation);
      }
    });
  });

  it('shows the API error, e.g. for a customer', async () => {
    mock(getOrganisationTree).mockResolvedValue({ errorMessage: 'Forbidden' });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The organisations could not be loaded: Forbidden');
  });

  it("shows Connect with Microsoft's outcome from the code the callback sent back", async () => {
    renderPage('/user-management?consent=connected&tenant=t1');
    expect(await screen.findByText(TENANT_CONSENT_OUTCOMES.connected.message)).toBeInTheDocument();
  });
});
