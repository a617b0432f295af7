import { render, type RenderResult } from '@testing-library/react';
import { setSessionUser, type SessionUser } from '@portal/auth-bridge';
import { testUser as demoUser } from '@portal/auth-bridge/testing';
import type { Role } from '@portal/config';
import type { AccountProfile, WhitelabelResponse } from '@portal/contracts';
import { GlobalAlert, resetAlertStore, resetMenuStore } from '@portal/ui';
import type { ReactElement } from 'react';

// The set-up the page tests share: who is signed in, how a page is rendered, and the answers of the
// calls most pages load first. `extra` sets what a test is about.

/** The signed-in user as the host leaves it in session storage: the shared demo user, a partner here unless told. */
export const testUser = (role: Role = 'PARTNER'): SessionUser => demoUser(role);

/** Signs `user` in as a remote finds it after the host's sign-in, with nothing else stored yet. */
export function signIn(user: SessionUser): void {
  window.localStorage.clear();
  setSessionUser(user);
}

/** Before each test: `user` signed in, the menu and alert stores as the host starts them, no calls recorded. */
export function signInBeforeEach(user: SessionUser): void {
  beforeEach(() => {
    signIn(user);
    resetMenuStore();
    resetAlertStore();
    jest.clearAllMocks();
  });
}

/** A page with the host's global alert beside it, where its saved and failed messages appear. */
export function renderWithAlert(page: ReactElement): RenderResult {
  return render(
    <>
      <GlobalAlert />
      {page}
    </>,
  );
}

/** The test user's own profile page data: no picture, phone, time zone, language or MFA yet. */
export const accountProfile = (extra: Partial<AccountProfile> = {}): AccountProfile => {
  const { userId, username, email, firstName, lastName, role } = testUser();
  return {
    userId,
    username,
    email,
    firstName,
    lastName,
    role,
    profileImageUrl: null,
    organisationName: 'Acme Partners',
    phone: null,
    timeZone: null,
    language: null,
    mfaMethod: null,
    ...extra,
  };
};

/** Branding inherited from the provider, which the caller may replace with its own. */
export const inheritedWhitelabel = (extra: Partial<WhitelabelResponse> = {}): WhitelabelResponse => ({
  copyrightText: '© Provider',
  whitelabelImageUrl: null,
  whiteLabelEmail: null,
  presetColor: null,
  sourceOrganisationName: 'Demo Provider',
  inherited: true,
  canEdit: true,
  own: null,
  sender: null,
  ...extra,
});
