import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ADMIN_MESSAGES, MFA_POLICY_MESSAGES } from '@portal/contracts';
import { updateManagedOrganisation } from '@portal/contracts/calls';
import { alertStore, resetAlertStore } from '@portal/ui';
import { organisationNode } from '../../../testing/fixtures';
import { OrganisationMfaSwitch } from './organisation-mfa-switch';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());

const mocked = updateManagedOrganisation as jest.Mock;

const LABEL = 'Require MFA for this organisation and everything below it';

beforeEach(() => {
  jest.clearAllMocks();
  resetAlertStore();
});

describe('OrganisationMfaSwitch', () => {
  it('requires MFA for a managed organisation through the API and reloads', async () => {
    mocked.mockResolvedValue(organisationNode({ mfaRequired: true }));
    const onChanged = jest.fn();
    render(<OrganisationMfaSwitch organisation={organisationNode()} onChanged={onChanged} />);
    const toggle = screen.getByRole('switch', { name: LABEL });
    expect(toggle).not.toBeChecked();
    expect(toggle).toBeEnabled();
    await userEvent.click(toggle);
    expect(mocked).toHaveBeenCalledWith('c1', { mfaRequired: true });
    await waitFor(() => expect(onChanged).toHaveBeenCalledWith('c1'));
    expect(alertStore.getState()).toMatchObject({ message: MFA_POLICY_MESSAGES.required, type: 'success' });
  });

  it('shows a requirement from a higher organisation as on, disabled, with the reason', () => {
    render(<OrganisationMfaSwitch organisation={organisationNode({ mfaInherited: true })} onChanged={jest.fn()} />);
    const toggle = screen.getByRole('switch', { name: LABEL });
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    expect(toggle).toHaveAccessibleDescription(MFA_POLICY_MESSAGES.lockedByParent);
  });

  it("locks the caller's own organisation: required from above, or just not the caller's to change", () => {
    const { rerender } = render(<OrganisationMfaSwitch organisation={organisationNode({ manageable: false, mfaRequired: true })} onChanged={jest.fn()} />);
    expect(screen.getByRole('switch', { name: LABEL })).toBeChecked();
    expect(screen.getByRole('switch', { name: LABEL })).toHaveAccessibleDescription(MFA_POLICY_MESSAGES.lockedByParent);
    rerender(<OrganisationMfaSwitch organisation={organisationNode({ manageable: false })} onChanged={jest.fn()} />);
    expect(screen.getByRole('switch', { name: LABEL })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: LABEL })).toBeDisabled();
    expect(screen.getByRole('switch', { name: LABEL })).toHaveAccessibleDescription(ADMIN_MESSAGES.ownOrganisation);
  });

  it("shows the API's refusal and keeps the organisation as it was", async () => {
    mocked.mockResolvedValue({ errorMessage: MFA_POLICY_MESSAGES.lockedByParent });
    const onChanged = jest.fn();
    render(<OrganisationMfaSwitch organisation={organisationNode({ mfaRequired: true })} onChanged={onChanged} />);
    await userEvent.click(screen.getByRole('switch', { name: LABEL }));
    expect(mocked).toHaveBeenCalledWith('c1', { mfaRequired: false });
    await waitFor(() => expect(alertStore.getState()).toMatchObject({ message: MFA_POLICY_MESSAGES.lockedByParent, type: 'error' }));
    expect(onChanged).not.toHaveBeenCalled();
  });
});
