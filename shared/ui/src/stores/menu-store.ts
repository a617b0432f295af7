import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';

/** The white-label fields the shell shows (spec section 3); the settings object may hold more. */
export interface WhiteLabelView {
  copyrightText: string | null;
  whitelabelImageUrl: string | null;
  whiteLabelEmail: string | null;
  /** A preset colour name (default, theme1..theme6) chosen by the brand owner, if any. */
  presetColor?: string | null;
}

/** Menu state of spec section 3. */
export interface MenuValues {
  /** Ids of the selected item and its open groups; the dashboard by default. */
  selectedItem: string[];
  lastSelectedItem: string | null;
  selectedID: string | null;
  drawerOpen: boolean;
  whiteLabelData: WhiteLabelView | null;
  /** Spec section 8: white-label load failures are kept here, with no user-facing text. */
  error: string | null;
  /** Id of the menu currently shown (the role's menu); null until the shell picks one. */
  menu: string | null;
}

export interface MenuState extends MenuValues {
  activeItem: (ids: string[]) => void;
  activeID: (id: string | null) => void;
  openDrawer: (open: boolean) => void;
  toggleDrawer: () => void;
  setWhiteLabelData: (data: WhiteLabelView | null) => void;
  setMenuError: (error: string | null) => void;
  setMenu: (menu: string | null) => void;
}

export const MENU_DEFAULTS: MenuValues = {
  selectedItem: ['dashboard'],
  lastSelectedItem: null,
  selectedID: null,
  drawerOpen: true,
  whiteLabelData: null,
  error: null,
  menu: null,
};

export const menuStore = createStore<MenuState>()((set) => ({
  ...MENU_DEFAULTS,
  activeItem: (ids) => set((s) => ({ selectedItem: ids, lastSelectedItem: s.selectedItem[0] ?? null })),
  activeID: (id) => set({ selectedID: id }),
  openDrawer: (open) => set({ drawerOpen: open }),
  toggleDrawer: () => set((s) => ({ drawerOpen: !s.drawerOpen })),
  setWhiteLabelData: (data) => set({ whiteLabelData: data, error: null }),
  setMenuError: (error) => set({ error }),
  setMenu: (menu) => set({ menu }),
}));

export const resetMenuStore = (): void => menuStore.setState({ ...MENU_DEFAULTS });

const identity = (state: MenuState): MenuState => state;

export function useMenu(): MenuState;
export function useMenu<T>(selector: (state: MenuState) => T): T;
export function useMenu<T>(selector?: (state: MenuState) => T): T | MenuState {
  return useStore(menuStore, (selector ?? identity) as (state: MenuState) => T | MenuState);
}
