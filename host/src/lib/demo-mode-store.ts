import { useStore } from 'zustand';
import { createStore } from 'zustand/vanilla';

type DemoModeState = {
  /** From /runtime-config.json at start-up; false until known, so a real portal never flashes it. */
  demo: boolean;
  setDemo: (demo: boolean) => void;
};

export const demoModeStore = createStore<DemoModeState>()((set) => ({
  demo: false,
  setDemo: (demo) => set({ demo }),
}));

export const resetDemoModeStore = (): void => demoModeStore.setState({ demo: false });

export const useDemoMode = (): boolean => useStore(demoModeStore, (s) => s.demo);

/** What every page of a demo portal says (the shell's banner and the sign-in page's). */
export const DEMO_NOTICE = 'Demo portal: sample data and accounts with known passwords. E-mail is kept in the outbox, not sent.';
