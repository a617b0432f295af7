import { act, renderHook } from '@testing-library/react';
import { authStore, resetAuthStore, useAuth } from './auth-store';
import { clearClientSession } from './clear-client-session';
import { clearSessionUser, getSessionUser, setSessionUser, type SessionUser } from './session-user';
import { makeToken } from './testing/test-tokens';

const user: SessionUser = {
  userId: 'u-1',
  role: 'CUSTOMER',
  mfa: false,
  email: 'c@example.com',
  firstName: 'Cara',
  lastName: 'Customer',
  username: 'cara',
};

const futureToken = () => makeToken({ exp: Math.floor(Date.now() / 1000) + 3600 });
const pastToken = () => makeToken({ exp: Math.floor(Date.now() / 1000) - 3600 });

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
  resetAuthStore();
  jest.restoreAllMocks();
});

describe('authStore', () => {
  it('starts logged out and uninitialised', () => {
    expect(authStore.getState()).toMatchObject({ isLoggedIn: false, isInitialized: false, user: null });
  });

  it('login sets logged in with the user', () => {
    authStore.getState().login(user);
    expect(authStore.getState()).toMatchObject({ isLoggedIn: true, isInitialized: true, user });
  });

  it('logout clears the user', () => {
    authStore.getState().login(user);
    authStore.getState().logout();
    expect(authStore.getState()).toMatchObject({ isLoggedIn: false, isInitialized: true, user: null });
  });

  it('register stores the user only', () => {
    authStore.getState().register(user);
    expect(authStore.getState()).toMatchObject({ isLoggedIn: false, isInitialized: false, user });
  });

  describe('restore', () => {
    it('logs in with the session user when the token is valid', () => {
      window.localStorage.setItem('serviceToken', futureToken());
      setSessionUser(user);
      authStore.getState().restore();
      expect(authStore.getState()).toMatchObject({ isLoggedIn: true, isInitialized: true, user });
    });

    it('stays logged out without a token', () => {
      setSessionUser(user);
      authStore.getState().restore();
      expect(authStore.getState()).toMatchObject({ isLoggedIn: false, isInitialized: true, user: null });
    });

    it('stays logged out with an expired token', () => {
      window.localStorage.setItem('serviceToken', pastToken());
      setSessionUser(user);
      authStore.getState().restore();
      expect(authStore.getState()).toMatchObject({ isLoggedIn: false, isInitialized: true, user: null });
    });

    it('stays logged out with a garbage token', () => {
      window.localStorage.setItem('serviceToken', 'not-a-jwt');
      setSessionUser(user);
      authStore.getState().restore();
      expect(authStore.getState()).toMatchObject({ isLoggedIn: false, isInitialized: true });
    });

    it('treats a valid token without a session user as a failed restore', () => {
      window.localStorage.setItem('serviceToken', futureToken());
      authStore.getState().restore();
      expect(authStore.getState()).toMatchObject({ isLoggedIn: false, isInitialized: true, user: null });
    });

    it('treats a corrupt session user as a failed restore', () => {
      window.localStorage.setItem('serviceToken', futureToken());
      window.sessionStorage.setItem('user', '{not json');
      authStore.getState().restore();
      expect(authStore.getState()).toMatchObject({ isLoggedIn: false, isInitialized: true, user: null });
    });

    it('logs out and initialises when storage throws', () => {
      const spy = jest.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
        throw new Error('storage disabled');
      });
      const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      authStore.getState().login(user);
      authStore.getState().restore();
      expect(authStore.getState()).toMatchObject({ isLoggedIn: false, isInitialized: true, user: null });
      expect(log).toHaveBeenCalled();
      spy.mockRestore();
    });
  });
});

describe('useAuth', () => {
  it('selects from the store and re-renders on change', () => {
    const { result } = renderHook(() => useAuth((s) => s.isLoggedIn));
    expect(result.current).toBe(false);
    act(() => authStore.getState().login(user));
    expect(result.current).toBe(true);
  });

  it('returns the whole state without a selector', () => {
    const { result } = renderHook(() => useAuth());
    expect(result.current.user).toBeNull();
    expect(typeof result.current.login).toBe('function');
  });
});

describe('session user storage', () => {
  it('round-trips the summary under sessionStorage "user" and drops extra fields', () => {
    setSessionUser({ ...user, accessToken: 'secret' } as SessionUser);
    expect(JSON.parse(window.sessionStorage.getItem('user') as string)).toEqual(user);
    expect(getSessionUser()).toEqual(user);
    clearSessionUser();
    expect(getSessionUser()).toBeNull();
  });

  it('ignores a malformed entry', () => {
    window.sessionStorage.setItem('user', JSON.stringify({ userId: 'x', role: 'KING' }));
    expect(getSessionUser()).toBeNull();
  });
});

describe('clearClientSession', () => {
  it('removes token, profile, white-label, language, shell snapshot and session user but keeps display settings', () => {
    for (const key of ['serviceToken', 'profile', 'whitelabel', 'language', 'portal-shell-snapshot', 'berry-config']) window.localStorage.setItem(key, 'x');
    setSessionUser(user);
    clearClientSession();
    expect(window.localStorage.getItem('serviceToken')).toBeNull();
    expect(window.localStorage.getItem('profile')).toBeNull();
    expect(window.localStorage.getItem('whitelabel')).toBeNull();
    expect(window.localStorage.getItem('language')).toBeNull();
    expect(window.localStorage.getItem('portal-shell-snapshot')).toBeNull();
    expect(window.sessionStorage.getItem('user')).toBeNull();
    expect(window.localStorage.getItem('berry-config')).toBe('x');
  });
});
