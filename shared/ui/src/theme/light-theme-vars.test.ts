import { darken as muiDarken, lighten as muiLighten } from '@mui/material/styles';
import { DEFAULT_CONFIG, NAV_TYPES, PRESET_COLORS } from '@portal/config';
import { buildTheme } from './build-theme';
import { contrastRatio, darken, lighten } from './contrast';
import { lightThemeVars } from './light-theme-vars';
import { brandTextColor } from './readable-colors';

const toHex = (rgb: string) => `#${(/\d+, \d+, \d+/.exec(rgb)?.[0] ?? '').split(', ').map((n) => Number(n).toString(16).padStart(2, '0')).join('')}`;

describe('the colour maths without MUI', () => {
  it('darkens and lightens as MUI does', () => {
    for (const colour of ['#2196f3', '#ffc107', '#f44336', '#111936', '#03a9f4'])
      for (const amount of [0.1, 0.35, 0.6, 0.9]) {
        expect(darken(colour, amount)).toBe(toHex(muiDarken(colour, amount)));
        expect(lighten(colour, amount)).toBe(toHex(muiLighten(colour, amount)));
      }
  });
});

describe('lightThemeVars', () => {
  const cases = PRESET_COLORS.flatMap((presetColor) => NAV_TYPES.map((navType) => ({ presetColor, navType })));

  it.each(cases)('gives the sign-in page the MUI theme’s colours ($presetColor, $navType)', (settings) => {
    const theme = buildTheme(settings);
    const vars = lightThemeVars(settings);
    expect(vars['--portal-paper']).toBe(theme.palette.background.paper);
    expect(vars['--portal-bg']).toBe(theme.palette.background.default);
    expect(vars['--portal-text']).toBe(theme.palette.text.primary);
    expect(vars['--portal-text-secondary']).toBe(theme.palette.text.secondary);
    expect(vars['--portal-divider']).toBe(theme.palette.divider);
    expect(vars['--portal-primary']).toBe(theme.palette.primary.main);
    expect(vars['--portal-link']).toBe(brandTextColor({ ...DEFAULT_CONFIG, ...settings }, theme, 'primary'));
    expect(vars['--portal-font']).toBe(theme.typography.fontFamily);
  });

  it.each(cases)('keeps every text at 4.5:1 ($presetColor, $navType)', (settings) => {
    const vars = lightThemeVars(settings);
    const paper = vars['--portal-paper'];
    expect(contrastRatio(vars['--portal-text'], paper)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(vars['--portal-text-secondary'], paper)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(vars['--portal-link'], paper)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(vars['--portal-error'], paper)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(vars['--portal-button-text'], vars['--portal-button-bg'])).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(vars['--portal-warning-text'], vars['--portal-warning-bg'])).toBeGreaterThanOrEqual(4.5);
  });

  it('follows the display settings and the brand preset while the user keeps the default colour', () => {
    const vars = lightThemeVars({ fontFamily: `'Inter', sans-serif`, borderRadius: 12, outlinedFilled: false }, 'theme2');
    expect(vars['--portal-font']).toBe(`'Inter', 'Inter Fallback', sans-serif`);
    expect(vars['--portal-radius']).toBe('12px');
    expect(vars['--portal-input-bg']).toBe('transparent');
    expect(vars['--portal-primary']).toBe(buildTheme({ presetColor: 'theme2' }).palette.primary.main);
    expect(lightThemeVars({ presetColor: 'theme4' }, 'theme2')['--portal-primary']).toBe(buildTheme({ presetColor: 'theme4' }).palette.primary.main);
  });
});
