import { NOTIFICATION_DEFAULTS, storageKeys } from '@portal/config';
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

export type SnackbarAnchor = { vertical: 'top' | 'bottom'; horizontal: 'left' | 'center' | 'right' };
export type SnackbarVariant = 'default' | 'alert';
export type SnackbarAlertColor = 'primary' | 'secondary' | 'success' | 'info' | 'warning' | 'error';
export type SnackbarTransition = 'Fade' | 'Grow' | 'SlideUp' | 'SlideDown' | 'SlideLeft' | 'SlideRight';

/** Notification state of spec section 3 (plus the auto-hide time the dialogs need). */
export interface SnackbarValues {
  open: boolean;
  message: string;
  /** Toggled on every open, so the same message opened twice still restarts the snackbar. */
  action: boolean;
  anchorOrigin: SnackbarAnchor;
  variant: SnackbarVariant;
  alert: { color: SnackbarAlertColor; variant: 'filled' | 'outlined' | 'standard' };
  transition: SnackbarTransition;
  close: boolean;
  actionButton: boolean;
  /** null = stays until closed (the plain snackbar default of spec section 9). */
  autoHideDuration: number | null;
}

export type OpenSnackbarInput = Partial<Omit<SnackbarValues, 'open' | 'action'>> & { message: string };

export interface SnackbarState extends SnackbarValues {
  openSnackbar: (input: OpenSnackbarInput) => void;
  closeSnackbar: () => void;
}

const defaults = (): Omit<SnackbarValues, 'action'> => ({
  open: NOTIFICATION_DEFAULTS.open,
  message: NOTIFICATION_DEFAULTS.message,
  anchorOrigin: { ...NOTIFICATION_DEFAULTS.anchorOrigin },
  variant: NOTIFICATION_DEFAULTS.variant,
  alert: { ...NOTIFICATION_DEFAULTS.alert },
  transition: NOTIFICATION_DEFAULTS.transition,
  close: NOTIFICATION_DEFAULTS.close,
  actionButton: NOTIFICATION_DEFAULTS.actionButton,
  autoHideDuration: null,
});

/**
 * The app-wide snackbar. It lives in the host's providers, outside the router, so a message shown just
 * before a navigation (e.g. "Password changed…" followed by the logout) stays on screen afterwards.
 */
export const snackbarStore = createStore<SnackbarState>()(
  persist(
    (set) => ({
      ...defaults(),
      action: false,
      // Spec section 4: opening toggles the action flag and falls back to defaults for missing values.
      openSnackbar: (input) => set((s) => ({ ...defaults(), ...input, open: true, action: !s.action })),
      closeSnackbar: () => set({ open: false }),
    }),
    {
      // Spec section 3, client store: the snackbar slice is persisted (per tab) and rehydrated at start,
      // so a message shown right before a reload (e.g. after a password change) is still there.
      name: storageKeys.snackbar,
      storage: createJSONStorage(() => window.sessionStorage),
      partialize: ({ openSnackbar: _open, closeSnackbar: _close, ...values }) => values,
      merge: (persisted, current) => ({ ...current, ...sanitizeSnackbar(persisted) }),
    },
  ),
);

function sanitizeSnackbar(raw: unknown): Partial<SnackbarValues> {
  if (typeof raw !== 'object' || raw === null) return {};
  const v = raw as Partial<SnackbarValues>;
  if (typeof v.message !== 'string' || typeof v.open !== 'boolean') return {};
  const anchor = v.anchorOrigin;
  const anchorOk =
    !!anchor && ['top', 'bottom'].includes(anchor.vertical) && ['left', 'center', 'right'].includes(anchor.horizontal);
  if (!anchorOk || (v.variant !== 'default' && v.variant !== 'alert')) return {};
  return v;
}

export const openSnackbar = (input: OpenSnackbarInput): void => snackbarStore.getState().openSnackbar(input);

export const resetSnackbarStore = (): void => {
  snackbarStore.setState({ ...defaults(), action: false });
};

const identity = (state: SnackbarState): SnackbarState => state;

export function useSnackbar(): SnackbarState;
export function useSnackbar<T>(selector: (state: SnackbarState) => T): T;
export function useSnackbar<T>(selector?: (state: SnackbarState) => T): T | SnackbarState {
  return useStore(snackbarStore, (selector ?? identity) as (state: SnackbarState) => T | SnackbarState);
}
