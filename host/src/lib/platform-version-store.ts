import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { getPlatformVersion } from '@portal/contracts/first-page-calls';

export const UNKNOWN_VERSION = 'X.X.X';

type PlatformVersionState = {
  /** null until known; the footer then shows X.X.X. */
  version: string | null;
  load: () => Promise<void>;
};

// Footer data, filled by the post-login step (and on a restored session by the footer itself).
export const platformVersionStore = createStore<PlatformVersionState>()((set) => ({
  version: null,
  load: async () => {
    try {
      const result = (await getPlatformVersion()) as { version?: unknown; errorMessage?: string };
      set({ version: !result.errorMessage && typeof result.version === 'string' && result.version ? result.version : null });
    } catch (error) {
      console.error(error);
      set({ version: null });
    }
  },
}));

export const usePlatformVersion = (): string => useStore(platformVersionStore, (s) => s.version ?? UNKNOWN_VERSION);
