import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

export type AlertType = 'success' | 'info' | 'warning' | 'error';

export interface ShowAlertInput {
  message: string;
  /** Defaults to success. */
  type?: AlertType;
  title?: string;
}

export interface AlertState {
  open: boolean;
  message: string;
  type: AlertType;
  title?: string;
  /** Bumped on every show so a repeated message restarts the auto-hide timer. */
  id: number;
  showAlert: (input: ShowAlertInput) => void;
  closeAlert: () => void;
}

export const alertStore = createStore<AlertState>()((set) => ({
  open: false,
  message: '',
  type: 'success',
  title: undefined,
  id: 0,
  showAlert: ({ message, type = 'success', title }) => set((s) => ({ open: true, message, type, title, id: s.id + 1 })),
  closeAlert: () => set({ open: false }),
}));

/** Shorthand for code outside React (request callbacks, store actions). */
export const showAlert = (input: ShowAlertInput): void => alertStore.getState().showAlert(input);

export const resetAlertStore = (): void => {
  alertStore.setState({ open: false, message: '', type: 'success', title: undefined, id: 0 });
};

const identity = (state: AlertState): AlertState => state;

export function useAlert(): AlertState;
export function useAlert<T>(selector: (state: AlertState) => T): T;
export function useAlert<T>(selector?: (state: AlertState) => T): T | AlertState {
  return useStore(alertStore, (selector ?? identity) as (state: AlertState) => T | AlertState);
}
