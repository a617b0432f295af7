import type { Theme } from '@mui/material/styles';
import type { DisplayConfig, PresetColor } from '@portal/config';
import { presetPalettes, type Shades } from './colors';
import { contrastRatio, readableShade, withContrast } from './contrast';

// Where the theme draws a colour as text or under text, the shade that keeps 4.5:1 (WCAG AA).

const DARK_TEXT = '#121926';

/**
 * A filled surface in a brand colour (contained buttons, filled chips): white text on the first
 * preset shade that keeps it readable; light colours such as amber, where no shade does, get dark text.
 */
export const containedFill = (shades: Shades) => {
  const candidates = [shades.main, shades.dark, shades[800]];
  const fill = readableShade(candidates);
  if (contrastRatio(fill, '#ffffff') >= 4.5) {
    return { backgroundColor: fill, color: '#ffffff', '&:hover': { backgroundColor: shades[800] } };
  }
  return { backgroundColor: shades.main, color: DARK_TEXT, '&:hover': { backgroundColor: shades.dark } };
};

/** A brand colour as text on paper: the first preset shade with 4.5:1, else that hue darkened (lightened on dark paper). */
export const brandTextColor = (config: DisplayConfig, theme: Theme, brand: 'primary' | 'secondary'): string =>
  brandTextOn(config.presetColor, theme.palette.mode === 'dark', theme.palette.background.paper, brand);

/** brandTextColor without a MUI theme (the sign-in page's stylesheet): the mode and the paper colour. */
export function brandTextOn(presetColor: PresetColor, dark: boolean, paper: string, brand: 'primary' | 'secondary'): string {
  const shades = presetPalettes[presetColor][dark ? 'dark' : 'light'][brand];
  const candidates = dark ? [shades.main, shades[200], shades.light] : [shades.main, shades.dark, shades[800]];
  return withContrast(readableShade(candidates, paper), paper);
}

const STATUS_COLORS = ['success', 'error', 'warning', 'info'] as const;

/**
 * A component's `color` prop drawn as text on paper (text and outlined buttons, outlined chips):
 * brand colours from the preset's shades, status colours darkened to 4.5:1; undefined for any other
 * value (inherit, default), which keeps MUI's own.
 */
export function colorAsText(config: DisplayConfig, theme: Theme, color: string | undefined): string | undefined {
  if (color === 'primary' || color === 'secondary') return brandTextColor(config, theme, color);
  const status = STATUS_COLORS.find((name) => name === color);
  return status && withContrast(theme.palette[status].main, theme.palette.background.paper);
}
