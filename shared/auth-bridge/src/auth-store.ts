import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { getServiceToken, isValidToken } from './service-token';
import { getSessionUser, type SessionUser } from './session-user';

export interface AuthState {
  isLoggedIn: boolean;
  isInitialized: boolean;
  user: SessionUser | null;
}

export interface AuthActions {
  login: (user: SessionUser) => void;
  logout: () => void;
  /** Stores the user only; the login state is unchanged. */
  register: (user: SessionUser) => void;
  /** Start-up restore from browser storage; always leaves the store initialised. */
  restore: () => void;
}

export type AuthStore = AuthState & AuthActions;

export const initialAuthState: AuthState = { isLoggedIn: false, isInitialized: false, user: null };

export const authStore = createStore<AuthStore>()((set) => ({
  ...initialAuthState,
  login: (user) => set({ isLoggedIn: true, isInitialized: true, user }),
  logout: () => set({ isLoggedIn: false, isInitialized: true, user: null }),
  register: (user) => set({ user }),
  restore: () => {
    try {
      const token = getServiceToken();
      // A valid token without a stored user counts as a failed restore: the shell needs the
      // user's id and role, and session storage does not survive into a new tab.
      const user = isValidToken(token) ? getSessionUser() : null;
      if (user) {
        set({ isLoggedIn: true, isInitialized: true, user });
      } else {
        set({ isLoggedIn: false, isInitialized: true, user: null });
      }
    } catch (error) {
      console.error(error);
      set({ isLoggedIn: false, isInitialized: true, user: null });
    }
  },
}));

/** Test helper and hard reset: back to "not logged in, not initialised". */
export const resetAuthStore = (): void => {
  authStore.setState(initialAuthState);
};

const identity = (state: AuthStore): AuthStore => state;

export function useAuth(): AuthStore;
export function useAuth<T>(selector: (state: AuthStore) => T): T;
export function useAuth<T>(selector?: (state: AuthStore) => T): T | AuthStore {
  return useStore(authStore, (selector ?? identity) as (state: AuthStore) => T | AuthStore);
}
