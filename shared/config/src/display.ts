export const LAYOUT = { vertical: 'vertical', horizontal: 'horizontal' } as const;
export type LayoutType = (typeof LAYOUT)[keyof typeof LAYOUT];

export const DRAWER_TYPE = { default: 'default', miniDrawer: 'mini-drawer' } as const;
export type DrawerType = (typeof DRAWER_TYPE)[keyof typeof DRAWER_TYPE];

export const NAV_TYPES = ['light', 'dark'] as const;
export type NavType = (typeof NAV_TYPES)[number];

export const PRESET_COLORS = ['default', 'theme1', 'theme2', 'theme3', 'theme4', 'theme5', 'theme6'] as const;
export type PresetColor = (typeof PRESET_COLORS)[number];

/** Display settings persisted in localStorage under `berry-config`. */
export interface DisplayConfig {
  layout: LayoutType;
  drawerType: DrawerType;
  fontFamily: string;
  borderRadius: number;
  outlinedFilled: boolean;
  navType: NavType;
  presetColor: PresetColor;
  locale: string;
  rtlLayout: boolean;
  container: boolean;
}

export const DEFAULT_CONFIG: Readonly<DisplayConfig> = Object.freeze({
  layout: LAYOUT.vertical,
  drawerType: DRAWER_TYPE.default,
  fontFamily: `'Poppins', sans-serif`,
  borderRadius: 8,
  outlinedFilled: true,
  navType: 'light',
  presetColor: 'default',
  locale: 'en',
  rtlLayout: false,
  container: false,
});

/** Fonts the display settings offer; each is bundled with the host (the CSP allows fonts from 'self' only). */
export const FONT_FAMILIES = Object.freeze([
  { label: 'Poppins', value: `'Poppins', sans-serif` },
  { label: 'Inter', value: `'Inter', sans-serif` },
  { label: 'Roboto', value: `'Roboto', sans-serif` },
] as const);

/** Border radius range of the display settings (px). */
export const BORDER_RADIUS_RANGE = Object.freeze({ min: 0, max: 24, step: 2 } as const);
