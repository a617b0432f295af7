import { getSessionUser } from '@portal/auth-bridge';
import { storageKeys } from '@portal/config';
import type { Profile } from '@portal/contracts';
import { getProfile } from '@portal/contracts/calls';
import { createStore } from 'zustand/vanilla';

export type ProfileState = {
  profile: Profile | null;
  /** Spec section 8: load failures are recorded here, without user-facing server text. */
  error: string | null;
  loading: boolean;
  refresh: () => Promise<void>;
};

function readCachedProfile(): Profile | null {
  try {
    const raw = window.localStorage.getItem(storageKeys.profile);
    return raw ? (JSON.parse(raw) as Profile) : null;
  } catch {
    return null;
  }
}

// Spec section 4, profile refresh: userId from session storage, errorMessage -> error,
// success -> state + local storage `profile`, any exception -> error.
export const createProfileStore = () =>
  createStore<ProfileState>()((set) => ({
    profile: readCachedProfile(),
    error: null,
    loading: false,
    refresh: async () => {
      set({ loading: true });
      try {
        const user = getSessionUser();
        if (!user) {
          set({ error: 'No signed-in user', loading: false });
          return;
        }
        const result = await getProfile(user.userId);
        if ('errorMessage' in result && result.errorMessage) {
          set({ error: result.errorMessage, loading: false });
          return;
        }
        const profile = result as Profile;
        window.localStorage.setItem(storageKeys.profile, JSON.stringify(profile));
        set({ profile, error: null, loading: false });
      } catch (error) {
        set({ error: error instanceof Error ? error.message : String(error), loading: false });
      }
    },
  }));

export const profileStore = createProfileStore();
