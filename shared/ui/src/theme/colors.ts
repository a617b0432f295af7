import type { PresetColor } from '@portal/config';

// Colour primitives as data: the theme builder only picks from these tables.

export interface Shades {
  light: string;
  200: string;
  main: string;
  dark: string;
  800: string;
}

export interface BrandColors {
  primary: Shades;
  secondary: Shades;
}

export interface PresetPalette {
  light: BrandColors;
  dark: BrandColors;
}

/** Status colours shared by every preset. */
export const statusColors = {
  success: { light: '#b9f6ca', 200: '#69f0ae', main: '#00e676', dark: '#00c853' },
  error: { light: '#ef9a9a', main: '#f44336', dark: '#c62828' },
  warning: { light: '#fff8e1', main: '#ffe57f', dark: '#ffc107' },
  orange: { light: '#fbe9e7', main: '#ffab91', dark: '#d84315' },
} as const;

export const greyShades = {
  50: '#f8fafc',
  100: '#eef2f6',
  200: '#e3e8ef',
  300: '#cdd5df',
  500: '#697586',
  600: '#4b5565',
  700: '#364152',
  900: '#121926',
} as const;

/** Surfaces and text used when the navigation type is dark. */
export const darkSurfaces = {
  paper: '#111936',
  background: '#1a223f',
  level1: '#29314f',
  level2: '#212946',
  textTitle: '#d7dcec',
  textPrimary: '#bdc8f0',
  textSecondary: '#8492c4',
} as const;

export const lightSurfaces = {
  paper: '#ffffff',
  background: '#eef2f6',
  textTitle: greyShades[900],
  textPrimary: greyShades[700],
  // grey 600, not 500: secondary text and field labels keep 4.5:1 on the tinted input fields.
  textSecondary: greyShades[600],
} as const;

export const presetPalettes: Record<PresetColor, PresetPalette> = {
  // Default: blue primary, purple secondary.
  default: {
    light: {
      primary: { light: '#e3f2fd', 200: '#90caf9', main: '#2196f3', dark: '#1e88e5', 800: '#1565c0' },
      secondary: { light: '#ede7f6', 200: '#b39ddb', main: '#673ab7', dark: '#5e35b1', 800: '#4527a0' },
    },
    dark: {
      primary: { light: '#e3f2fd', 200: '#90caf9', main: '#2196f3', dark: '#1e88e5', 800: '#1565c0' },
      secondary: { light: '#d1c4e9', 200: '#b388ff', main: '#7c4dff', dark: '#651fff', 800: '#6200ea' },
    },
  },
  // Indigo and teal.
  theme1: {
    light: {
      primary: { light: '#e8eaf6', 200: '#9fa8da', main: '#3f51b5', dark: '#3949ab', 800: '#283593' },
      secondary: { light: '#e0f2f1', 200: '#80cbc4', main: '#009688', dark: '#00897b', 800: '#00695c' },
    },
    dark: {
      primary: { light: '#e8eaf6', 200: '#9fa8da', main: '#5c6bc0', dark: '#3f51b5', 800: '#283593' },
      secondary: { light: '#b2dfdb', 200: '#80cbc4', main: '#26a69a', dark: '#00897b', 800: '#00695c' },
    },
  },
  // Teal and amber.
  theme2: {
    light: {
      primary: { light: '#e0f7fa', 200: '#80deea', main: '#0097a7', dark: '#00838f', 800: '#006064' },
      secondary: { light: '#fff8e1', 200: '#ffe082', main: '#ffa000', dark: '#ff8f00', 800: '#ff6f00' },
    },
    dark: {
      primary: { light: '#e0f7fa', 200: '#80deea', main: '#26c6da', dark: '#00acc1', 800: '#00838f' },
      secondary: { light: '#ffecb3', 200: '#ffd54f', main: '#ffb300', dark: '#ffa000', 800: '#ff8f00' },
    },
  },
  // Deep purple and pink.
  theme3: {
    light: {
      primary: { light: '#f3e5f5', 200: '#ce93d8', main: '#8e24aa', dark: '#7b1fa2', 800: '#4a148c' },
      secondary: { light: '#fce4ec', 200: '#f48fb1', main: '#e91e63', dark: '#d81b60', 800: '#ad1457' },
    },
    dark: {
      primary: { light: '#f3e5f5', 200: '#ce93d8', main: '#ab47bc', dark: '#8e24aa', 800: '#6a1b9a' },
      secondary: { light: '#f8bbd0', 200: '#f48fb1', main: '#ec407a', dark: '#e91e63', 800: '#c2185b' },
    },
  },
  // Green and blue-grey.
  theme4: {
    light: {
      primary: { light: '#e8f5e9', 200: '#a5d6a7', main: '#388e3c', dark: '#2e7d32', 800: '#1b5e20' },
      secondary: { light: '#eceff1', 200: '#b0bec5', main: '#546e7a', dark: '#455a64', 800: '#263238' },
    },
    dark: {
      primary: { light: '#e8f5e9', 200: '#a5d6a7', main: '#66bb6a', dark: '#43a047', 800: '#2e7d32' },
      secondary: { light: '#cfd8dc', 200: '#b0bec5', main: '#78909c', dark: '#607d8b', 800: '#455a64' },
    },
  },
  // Slate blue and orange.
  theme5: {
    light: {
      primary: { light: '#e3eaf2', 200: '#9fb3c8', main: '#365b80', dark: '#2c4b6b', 800: '#1d3349' },
      secondary: { light: '#fff3e0', 200: '#ffcc80', main: '#f57c00', dark: '#ef6c00', 800: '#e65100' },
    },
    dark: {
      primary: { light: '#e3eaf2', 200: '#9fb3c8', main: '#5b84ad', dark: '#466f99', 800: '#2c4b6b' },
      secondary: { light: '#ffe0b2', 200: '#ffcc80', main: '#ffa726', dark: '#fb8c00', 800: '#ef6c00' },
    },
  },
  // Crimson and cyan.
  theme6: {
    light: {
      primary: { light: '#fdecea', 200: '#ef9a9a', main: '#c62828', dark: '#b71c1c', 800: '#7f0000' },
      secondary: { light: '#e0f7fa', 200: '#80deea', main: '#00838f', dark: '#006064', 800: '#004d40' },
    },
    dark: {
      primary: { light: '#fdecea', 200: '#ef9a9a', main: '#ef5350', dark: '#e53935', 800: '#c62828' },
      secondary: { light: '#b2ebf2', 200: '#80deea', main: '#26c6da', dark: '#00acc1', 800: '#00838f' },
    },
  },
};

/** Strength meter colours, indexed by the label they go with. */
export const strengthColors = {
  Poor: statusColors.error.main,
  Weak: statusColors.warning.dark,
  Normal: statusColors.orange.main,
  Good: statusColors.success.main,
  Strong: statusColors.success.dark,
} as const;
