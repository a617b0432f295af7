import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

export interface LoadingState {
  /** Requests in flight; never below zero. */
  count: number;
  start: () => void;
  stop: () => void;
  reset: () => void;
}

export const loadingStore = createStore<LoadingState>()((set) => ({
  count: 0,
  start: () => set((s) => ({ count: s.count + 1 })),
  // Clamped so a stray extra stop cannot hide the bar for the next request.
  stop: () => set((s) => ({ count: Math.max(0, s.count - 1) })),
  reset: () => set({ count: 0 }),
}));

const selectCount = (s: LoadingState): number => s.count;

/** The number of requests in flight (or a selection of the loading state). */
export function useLoading(): number;
export function useLoading<T>(selector: (state: LoadingState) => T): T;
export function useLoading<T>(selector?: (state: LoadingState) => T): T | number {
  return useStore(loadingStore, (selector ?? selectCount) as (state: LoadingState) => T | number);
}

/** True while at least one request runs. */
export const useIsLoading = (): boolean => useStore(loadingStore, (s) => s.count > 0);
