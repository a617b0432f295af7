import { DEFAULT_CONFIG, type DisplayConfig } from '@portal/config';
import { brandedPreset } from './branded-preset';
import { withMetricFallback } from './font-fallbacks';
import { greyShades, presetPalettes, statusColors } from './colors';
import { darken, lighten, withContrast } from './contrast';
import { buildPalette } from './palette';
import { brandTextOn, containedFill } from './readable-colors';

const MUI_INFO_LIGHT = '#03a9f4';

/** The CSS custom properties of lightThemeVars, for a `style` attribute. */
export type LightThemeVars = Record<`--portal-${string}`, string>;

/**
 * The colours, font and shape the MUI theme would give the sign-in page, as CSS custom properties,
 * from the same sources (buildPalette, the preset shades, the readable-colour rules and the
 * white-label preset): the sign-in page is drawn with plain elements and a small stylesheet so it
 * loads neither MUI nor Emotion, and must still look like the theme's pages in every preset and mode.
 */
export function lightThemeVars(settings: Partial<DisplayConfig>, brandPreset?: string | null): LightThemeVars {
  const config: DisplayConfig = { ...DEFAULT_CONFIG, ...settings };
  const presetColor = brandedPreset(config.presetColor, brandPreset);
  const dark = config.navType === 'dark';
  const palette = buildPalette(config.navType, presetColor);
  const paper = palette.background?.paper ?? '#ffffff';
  const primaryMain = presetPalettes[presetColor][dark ? 'dark' : 'light'].primary.main;
  const fill = containedFill(presetPalettes[presetColor].light.primary);
  const errorMain = palette.error && 'main' in palette.error ? palette.error.main : '#f44336';
  return {
    '--portal-font': withMetricFallback(config.fontFamily),
    '--portal-radius': `${config.borderRadius}px`,
    '--portal-bg': palette.background?.default ?? paper,
    '--portal-paper': paper,
    '--portal-divider': palette.divider ?? greyShades[200],
    '--portal-text': palette.text?.primary ?? greyShades[700],
    '--portal-text-secondary': palette.text?.secondary ?? greyShades[600],
    '--portal-link': brandTextOn(presetColor, dark, paper, 'primary'),
    '--portal-primary': primaryMain,
    '--portal-button-bg': fill.backgroundColor,
    '--portal-button-text': fill.color,
    '--portal-button-hover': fill['&:hover'].backgroundColor,
    // MUI's outlined field: a translucent border, the tinted fill of outlinedFilled.
    '--portal-input-bg': config.outlinedFilled ? (dark ? (palette.background?.default ?? paper) : greyShades[50]) : 'transparent',
    '--portal-input-border': dark ? 'rgba(255, 255, 255, 0.23)' : 'rgba(0, 0, 0, 0.23)',
    '--portal-error-border': errorMain,
    // Error text at 4.5:1 on the paper (the status red alone reads at about 3.7:1 on white).
    '--portal-error': withContrast(errorMain, paper),
    // MUI's Alert: standard warning (tint and text from the warning colour), outlined info (MUI's
    // default info blue: the portal's palette sets none).
    '--portal-warning-bg': dark ? darken(statusColors.warning.light, 0.9) : lighten(statusColors.warning.light, 0.9),
    '--portal-warning-text': dark ? lighten(statusColors.warning.light, 0.6) : darken(statusColors.warning.light, 0.6),
    '--portal-info-border': MUI_INFO_LIGHT,
    '--portal-info-text': dark ? lighten(MUI_INFO_LIGHT, 0.6) : darken(MUI_INFO_LIGHT, 0.6),
  };
}
