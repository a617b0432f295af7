import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { persist, type PersistStorage, type StorageValue } from 'zustand/middleware';
import {
  DEFAULT_CONFIG,
  DRAWER_TYPE,
  LAYOUT,
  NAV_TYPES,
  PRESET_COLORS,
  storageKeys,
  type DisplayConfig,
  type DrawerType,
  type LayoutType,
  type NavType,
  type PresetColor,
} from '@portal/config';

export interface DisplaySettingsActions {
  setLayout: (layout: LayoutType) => void;
  setDrawerType: (drawerType: DrawerType) => void;
  setFontFamily: (fontFamily: string) => void;
  setBorderRadius: (borderRadius: number) => void;
  setOutlinedFilled: (outlinedFilled: boolean) => void;
  setNavType: (navType: NavType) => void;
  setPresetColor: (presetColor: PresetColor) => void;
  setLocale: (locale: string) => void;
  setRtlLayout: (rtlLayout: boolean) => void;
  setContainer: (container: boolean) => void;
  /** Back to the berry-config defaults. */
  resetSettings: () => void;
}

export type DisplaySettingsState = DisplayConfig & DisplaySettingsActions & { hasHydrated: boolean };

const CONFIG_KEYS = Object.keys(DEFAULT_CONFIG) as (keyof DisplayConfig)[];

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

// Local storage is user-editable: keep only fields of the right type and range.
export const sanitizeDisplayConfig = (raw: unknown): Partial<DisplayConfig> => {
  if (typeof raw !== 'object' || raw === null) return {};
  const v = raw as Record<string, unknown>;
  const out: Partial<DisplayConfig> = {};
  if (isOneOf(Object.values(LAYOUT), v.layout)) out.layout = v.layout;
  if (isOneOf(Object.values(DRAWER_TYPE), v.drawerType)) out.drawerType = v.drawerType;
  if (typeof v.fontFamily === 'string' && v.fontFamily.trim() !== '') out.fontFamily = v.fontFamily;
  if (typeof v.borderRadius === 'number' && Number.isFinite(v.borderRadius) && v.borderRadius >= 0 && v.borderRadius <= 64) {
    out.borderRadius = v.borderRadius;
  }
  if (typeof v.outlinedFilled === 'boolean') out.outlinedFilled = v.outlinedFilled;
  if (isOneOf(NAV_TYPES, v.navType)) out.navType = v.navType;
  if (isOneOf(PRESET_COLORS, v.presetColor)) out.presetColor = v.presetColor;
  if (typeof v.locale === 'string' && v.locale !== '') out.locale = v.locale;
  if (typeof v.rtlLayout === 'boolean') out.rtlLayout = v.rtlLayout;
  if (typeof v.container === 'boolean') out.container = v.container;
  return out;
};

// The key holds the plain settings object (as berry-config always has), not zustand's {state, version} envelope.
const plainStorage: PersistStorage<DisplayConfig> = {
  getItem: (name) => {
    const raw = window.localStorage.getItem(name);
    if (!raw) return null;
    try {
      return { state: sanitizeDisplayConfig(JSON.parse(raw)) as DisplayConfig, version: 0 };
    } catch {
      return null;
    }
  },
  setItem: (name, value: StorageValue<DisplayConfig>) => {
    window.localStorage.setItem(name, JSON.stringify(value.state));
  },
  removeItem: (name) => window.localStorage.removeItem(name),
};

const pickConfig = (state: DisplayConfig): DisplayConfig =>
  Object.fromEntries(CONFIG_KEYS.map((key) => [key, state[key]])) as unknown as DisplayConfig;

export const displaySettingsStore = createStore<DisplaySettingsState>()(
  persist<DisplaySettingsState, [], [], DisplayConfig>(
    (set) => ({
      ...DEFAULT_CONFIG,
      hasHydrated: false,
      setLayout: (layout) => set({ layout }),
      setDrawerType: (drawerType) => set({ drawerType }),
      setFontFamily: (fontFamily) => set({ fontFamily }),
      setBorderRadius: (borderRadius) => set({ borderRadius }),
      setOutlinedFilled: (outlinedFilled) => set({ outlinedFilled }),
      setNavType: (navType) => set({ navType }),
      setPresetColor: (presetColor) => set({ presetColor }),
      setLocale: (locale) => set({ locale }),
      setRtlLayout: (rtlLayout) => set({ rtlLayout }),
      setContainer: (container) => set({ container }),
      resetSettings: () => set({ ...DEFAULT_CONFIG }),
    }),
    {
      name: storageKeys.berryConfig,
      storage: plainStorage,
      partialize: pickConfig,
      merge: (persisted, current) => ({ ...current, ...sanitizeDisplayConfig(persisted) }),
    },
  ),
);

// localStorage hydrates synchronously while the store is created, before any listener can be attached,
// so check once now and listen for later rehydrations.
displaySettingsStore.persist.onFinishHydration(() => displaySettingsStore.setState({ hasHydrated: true }));
if (displaySettingsStore.persist.hasHydrated()) displaySettingsStore.setState({ hasHydrated: true });

/** The current display settings (without actions or flags). */
export const selectDisplayConfig = (state: DisplaySettingsState): DisplayConfig => pickConfig(state);

const identity = (state: DisplaySettingsState): DisplaySettingsState => state;

export function useDisplaySettings(): DisplaySettingsState;
export function useDisplaySettings<T>(selector: (state: DisplaySettingsState) => T): T;
export function useDisplaySettings<T>(selector?: (state: DisplaySettingsState) => T): T | DisplaySettingsState {
  return useStore(displaySettingsStore, (selector ?? identity) as (state: DisplaySettingsState) => T | DisplaySettingsState);
}
