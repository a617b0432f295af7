import { storageKeys } from '@portal/config';
import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

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

type PersistedMenu = Pick<MenuValues, 'selectedItem' | 'lastSelectedItem' | 'selectedID' | 'drawerOpen' | 'menu'>;

// Spec section 3, client store: the menu slice is persisted and rehydrated at start. White-label data
// and its error are left out: they have their own cache (`whitelabel`), which logout clears.
export const menuStore = createStore<MenuState>()(
  persist(
    (set) => ({
      ...MENU_DEFAULTS,
      activeItem: (ids) => set((s) => ({ selectedItem: ids, lastSelectedItem: s.selectedItem[0] ?? null })),
      activeID: (id) => set({ selectedID: id }),
      openDrawer: (open) => set({ drawerOpen: open }),
      toggleDrawer: () => set((s) => ({ drawerOpen: !s.drawerOpen })),
      setWhiteLabelData: (data) => set({ whiteLabelData: data, error: null }),
      setMenuError: (error) => set({ error }),
      setMenu: (menu) => set({ menu }),
    }),
    {
      name: storageKeys.menu,
      storage: createJSONStorage(() => window.localStorage),
      partialize: (s): PersistedMenu => ({
        selectedItem: s.selectedItem,
        lastSelectedItem: s.lastSelectedItem,
        selectedID: s.selectedID,
        drawerOpen: s.drawerOpen,
        menu: s.menu,
      }),
      merge: (persisted, current) => ({ ...current, ...sanitizeMenu(persisted) }),
    },
  ),
);

// Stored values are user-editable: keep only fields of the right type.
function sanitizeMenu(raw: unknown): Partial<PersistedMenu> {
  if (typeof raw !== 'object' || raw === null) return {};
  const v = raw as Record<string, unknown>;
  const out: Partial<PersistedMenu> = {};
  const isNullableString = (x: unknown): x is string | null => x === null || typeof x === 'string';
  if (Array.isArray(v.selectedItem) && v.selectedItem.every((x) => typeof x === 'string')) out.selectedItem = v.selectedItem as string[];
  if (isNullableString(v.lastSelectedItem)) out.lastSelectedItem = v.lastSelectedItem;
  if (isNullableString(v.selectedID)) out.selectedID = v.selectedID;
  if (typeof v.drawerOpen === 'boolean') out.drawerOpen = v.drawerOpen;
  if (isNullableString(v.menu)) out.menu = v.menu;
  return out;
}

export const resetMenuStore = (): void => {
  menuStore.setState({ ...MENU_DEFAULTS });
};

const identity = (state: MenuState): MenuState => state;

export function useMenu(): MenuState;
export function useMenu<T>(selector: (state: MenuState) => T): T;
export function useMenu<T>(selector?: (state: MenuState) => T): T | MenuState {
  return useStore(menuStore, (selector ?? identity) as (state: MenuState) => T | MenuState);
}
