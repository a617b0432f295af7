import type { Components, Theme } from '@mui/material/styles';
import type { DisplayConfig } from '@portal/config';
import { presetPalettes, type Shades } from '../colors';
import { contrastRatio, readableShade, withContrast } from '../contrast';

const DARK_TEXT = '#121926';

// Contained buttons: white text on the first shade of the preset that keeps it readable (4.5:1);
// light colours such as amber, where no shade does, get dark text instead.
export const containedFill = (shades: Shades) => {
  const candidates = [shades.main, shades.dark, shades[800]];
  const fill = readableShade(candidates);
  if (contrastRatio(fill, '#ffffff') >= 4.5) {
    return { backgroundColor: fill, color: '#ffffff', '&:hover': { backgroundColor: shades[800] } };
  }
  return { backgroundColor: shades.main, color: DARK_TEXT, '&:hover': { backgroundColor: shades.dark } };
};

/** A brand colour as text on paper: the first preset shade with 4.5:1 (links, text buttons, focused labels). */
export const brandTextColor = (config: DisplayConfig, theme: Theme, brand: 'primary' | 'secondary'): string => {
  const shades = presetPalettes[config.presetColor][theme.palette.mode === 'dark' ? 'dark' : 'light'][brand];
  const candidates = theme.palette.mode === 'dark' ? [shades.main, shades[200], shades.light] : [shades.main, shades.dark, shades[800]];
  return withContrast(readableShade(candidates, theme.palette.background.paper), theme.palette.background.paper);
};

export const primaryTextColor = (config: DisplayConfig, theme: Theme): string => brandTextColor(config, theme, 'primary');

const STATUS_COLORS = ['success', 'error', 'warning', 'info'] as const;

/** A text or outlined button's colour: brand colours from the preset's shades, status colours darkened to 4.5:1. */
function buttonTextColor(config: DisplayConfig, theme: Theme, color: string): { color?: string } {
  if (color === 'primary' || color === 'secondary') return { color: brandTextColor(config, theme, color) };
  const status = STATUS_COLORS.find((name) => name === color);
  return status ? { color: withContrast(theme.palette[status].main, theme.palette.background.paper) } : {};
}

export const inputOverrides = (config: DisplayConfig, theme: Theme): Components<Theme> => ({
  MuiButton: {
    styleOverrides: {
      root: ({ ownerState }) => ({
        borderRadius: config.borderRadius,
        // Text and outlined buttons draw their colour as text on the paper (disabled ones keep MUI's grey).
        ...(ownerState.variant !== 'contained' ? buttonTextColor(config, theme, ownerState.color ?? 'primary') : {}),
      }),
      containedPrimary: containedFill(presetPalettes[config.presetColor].light.primary),
      containedSecondary: containedFill(presetPalettes[config.presetColor].light.secondary),
    },
  },
  MuiOutlinedInput: {
    styleOverrides: {
      root: {
        // outlinedFilled: inputs sit on a tinted field rather than the paper colour.
        background: config.outlinedFilled ? (theme.palette.mode === 'dark' ? theme.palette.background.default : theme.palette.grey[50]) : 'transparent',
        borderRadius: config.borderRadius,
      },
      input: { padding: '15.5px 14px' },
      inputSizeSmall: { padding: '10px 14px' },
    },
  },
  MuiInputLabel: {
    styleOverrides: {
      root: { color: theme.palette.text.secondary, '&.Mui-focused:not(.Mui-error)': { color: primaryTextColor(config, theme) } },
    },
  },
  MuiLink: {
    styleOverrides: {
      // Only links in the default primary colour; color="inherit" (breadcrumbs) keeps its parent's.
      root: ({ ownerState }) => (ownerState.color === undefined || ownerState.color === 'primary' ? { color: primaryTextColor(config, theme) } : {}),
    },
  },
});
