import { authStore, getSessionUser } from '@portal/auth-bridge';
import { storageKeys } from '@portal/config';
import type { Profile } from '@portal/contracts';
import { getProfile } from '@portal/contracts/first-page-calls';
import { errorMessageOf, unwrap } from '@portal/request';
import { createStore } from 'zustand/vanilla';

export type ProfileState = {
  /** The spec's profile (firstName, lastName, profileImageUrl, …); the API may send more fields. */
  profile: Profile | null;
  /** Spec section 8: load failures are recorded here, without user-facing server text. */
  error: string | null;
  loading: boolean;
  /** Spec section 4 "profile refresh" for the session user. */
  refresh: () => Promise<void>;
  /** Same, for a known user id (the post-login step runs before the auth state says logged in). */
  load: (userId: string) => Promise<void>;
  /** A saved profile (edit form, new picture): shown at once everywhere and cached. */
  setProfile: (profile: Profile) => void;
  clear: () => void;
};

function readCachedProfile(): Profile | null {
  try {
    const raw = window.localStorage.getItem(storageKeys.profile);
    return raw ? (JSON.parse(raw) as Profile) : null;
  } catch {
    return null;
  }
}

function writeCachedProfile(profile: Profile): void {
  try {
    window.localStorage.setItem(storageKeys.profile, JSON.stringify(profile));
  } catch {
    // Storage full or blocked: the profile still lives in memory for this page.
  }
}

// Spec section 4, profile refresh: userId from session storage, errorMessage -> error,
// success -> state + local storage `profile`, any exception -> error.
export const createProfileStore = () =>
  createStore<ProfileState>()((set, get) => ({
    profile: readCachedProfile(),
    error: null,
    loading: false,
    refresh: async () => {
      const user = getSessionUser();
      if (!user) {
        set({ error: 'No signed-in user', loading: false });
        return;
      }
      await get().load(user.userId);
    },
    load: async (userId) => {
      set({ loading: true });
      try {
        const profile = unwrap(await getProfile(userId)) as Profile;
        writeCachedProfile(profile);
        set({ profile, error: null, loading: false });
      } catch (error) {
        set({ error: errorMessageOf(error), loading: false });
      }
    },
    setProfile: (profile) => {
      writeCachedProfile(profile);
      set({ profile, error: null });
    },
    clear: () => set({ profile: null, error: null, loading: false }),
  }));

export const profileStore = createProfileStore();

// Logout clears local storage (spec section 4); the in-memory copy goes with it, so the next user
// never sees the previous one's name or picture.
authStore.subscribe((state, previous) => {
  if (previous.isLoggedIn && !state.isLoggedIn) profileStore.getState().clear();
});
