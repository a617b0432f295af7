import { render, screen } from '@testing-library/react';
import { USER_ACCESS_MESSAGES, type UserAccess } from '@portal/contracts';
import { getWhitelabel } from '@portal/contracts/calls';
import { profileStore, resetMenuStore } from '@portal/ui';
import { ImageUploadButton } from '../../../components/image-upload-button';
import { inheritedWhitelabel, signIn, testUser } from '../../../testing/session';
import { WhitelabelPage } from './whitelabel-page';

jest.mock('@portal/contracts/calls', () => jest.requireActual('../../../testing/calls-mock').callsMock());
jest.setTimeout(30000);

const user = testUser();

function signInWith(access: UserAccess) {
  const { userId, username, email, firstName, lastName, role } = user;
  profileStore.getState().setProfile({ userId, username, email, firstName, lastName, role, profileImageUrl: null, organisationName: 'Demo Partner', access });
}

beforeEach(() => {
  signIn(user);
  resetMenuStore();
  jest.mocked(getWhitelabel).mockResolvedValue(inheritedWhitelabel());
});
afterEach(() => profileStore.getState().clear());

describe('WhitelabelPage access level', () => {
  it('disables saving and the logo upload for a read-only user and says why', async () => {
    signInWith('read-only');
    render(<WhitelabelPage />);
    for (const name of ['Save settings', 'Upload logo']) {
      const button = await screen.findByRole('button', { name });
      expect(button).toBeDisabled();
      expect(button).toHaveAccessibleDescription(USER_ACCESS_MESSAGES.readOnly);
    }
  });

  it('keeps them enabled with full access', async () => {
    signInWith('full');
    render(<WhitelabelPage />);
    for (const name of ['Save settings', 'Upload logo']) expect(await screen.findByRole('button', { name })).toBeEnabled();
  });

  it('leaves an unguarded upload (the own profile picture) open to a read-only user', () => {
    signInWith('read-only');
    render(<ImageUploadButton label="Upload picture" onImage={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Upload picture' })).toBeEnabled();
  });
});
