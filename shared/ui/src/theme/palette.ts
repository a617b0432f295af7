import type { PaletteOptions } from '@mui/material/styles';
import type { NavType, PresetColor } from '@portal/config';
import { darkSurfaces, greyShades, lightSurfaces, presetPalettes, statusColors } from './colors';

export const buildPalette = (navType: NavType, presetColor: PresetColor): PaletteOptions => {
  const dark = navType === 'dark';
  const preset = (presetPalettes[presetColor] ?? presetPalettes.default)[dark ? 'dark' : 'light'];
  const surfaces = dark ? darkSurfaces : lightSurfaces;
  return {
    mode: dark ? 'dark' : 'light',
    primary: { light: preset.primary.light, main: preset.primary.main, dark: preset.primary.dark, contrastText: '#ffffff' },
    secondary: { light: preset.secondary.light, main: preset.secondary.main, dark: preset.secondary.dark, contrastText: '#ffffff' },
    success: { light: statusColors.success.light, main: statusColors.success.main, dark: statusColors.success.dark },
    error: { light: statusColors.error.light, main: statusColors.error.main, dark: statusColors.error.dark },
    warning: { light: statusColors.warning.light, main: statusColors.warning.main, dark: statusColors.warning.dark },
    grey: { ...greyShades },
    text: {
      primary: surfaces.textPrimary,
      secondary: surfaces.textSecondary,
    },
    divider: dark ? darkSurfaces.level1 : greyShades[200],
    background: {
      paper: dark ? darkSurfaces.level2 : lightSurfaces.paper,
      default: dark ? darkSurfaces.paper : lightSurfaces.paper,
    },
  };
};
