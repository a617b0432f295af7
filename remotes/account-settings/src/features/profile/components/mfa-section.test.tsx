import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MFA_POLICY_MESSAGES } from '@portal/contracts';
import { accountProfile } from '../../../testing/session';
import { MfaSection } from './mfa-section';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());

const profile = (extra: Parameters<typeof accountProfile>[0]) => accountProfile({ mfaMethod: 'email', ...extra });

describe('MfaSection', () => {
  it('offers turning MFA off when the organisation does not require it', async () => {
    render(<MfaSection profile={profile({ mfaRequired: false })} onChanged={jest.fn()} />);
    const button = screen.getByRole('button', { name: 'Turn off MFA' });
    expect(button).toBeEnabled();
    expect(screen.queryByText(`${MFA_POLICY_MESSAGES.requiredForAccount}.`)).not.toBeInTheDocument();
    await userEvent.click(button);
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
  });

  it('disables turning MFA off, and says why, when the organisation requires it', () => {
    render(<MfaSection profile={profile({ mfaRequired: true })} onChanged={jest.fn()} />);
    const button = screen.getByRole('button', { name: 'Turn off MFA' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(`${MFA_POLICY_MESSAGES.requiredForAccount}.`);
  });

  it('still lets a user without MFA set it up when the requirement is new', () => {
    render(<MfaSection profile={profile({ mfaMethod: null, mfaRequired: true })} onChanged={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Use codes by e-mail' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Turn off MFA' })).not.toBeInTheDocument();
  });
});
