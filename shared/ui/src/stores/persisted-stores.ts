import { useSyncExternalStore } from 'react';
import { displaySettingsStore } from './display-settings-store';
import { menuStore } from './menu-store';
import { snackbarStore } from './snackbar-store';

/** The part of zustand's persist API readiness needs. */
export interface HydratingStore {
  persist: {
    hasHydrated: () => boolean;
    onHydrate: (listener: () => void) => () => void;
    onFinishHydration: (listener: () => void) => () => void;
  };
}

/** The persisted client-store slices of spec section 3 (the user slice is the auth store's restore) plus berry-config. */
export const PERSISTED_STORES: readonly HydratingStore[] = [snackbarStore, menuStore, displaySettingsStore];

export const allHydrated = (stores: readonly HydratingStore[] = PERSISTED_STORES): boolean =>
  stores.every((s) => s.persist.hasHydrated());

/** True once every persisted store has rehydrated; re-renders when one starts or finishes. */
export function useStoresHydrated(stores: readonly HydratingStore[] = PERSISTED_STORES): boolean {
  return useSyncExternalStore(
    (notify) => {
      const unsubscribers = stores.flatMap((s) => [s.persist.onHydrate(notify), s.persist.onFinishHydration(notify)]);
      return () => unsubscribers.forEach((u) => u());
    },
    () => allHydrated(stores),
    () => allHydrated(stores),
  );
}
