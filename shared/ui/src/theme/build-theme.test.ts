import { DEFAULT_CONFIG, PRESET_COLORS } from '@portal/config';
import { buildTheme } from './build-theme';
import { presetPalettes } from './colors';
import { contrastRatio } from './contrast';

describe('buildTheme', () => {
  it('follows the berry-config defaults', () => {
    const theme = buildTheme(DEFAULT_CONFIG);
    expect(theme.palette.mode).toBe('light');
    expect(theme.palette.primary.main).toBe('#2196f3');
    expect(theme.palette.secondary.main).toBe('#673ab7');
    expect(theme.palette.success.main).toBe('#00e676');
    expect(theme.palette.error.main).toBe('#f44336');
    expect(theme.palette.warning.dark).toBe('#ffc107');
    // Poppins, then its metric-matched fallback (font-fallbacks.ts).
    expect(theme.typography.fontFamily).toBe(`'Poppins', 'Poppins Fallback', sans-serif`);
    expect(theme.shape.borderRadius).toBe(8);
    expect(theme.direction).toBe('ltr');
  });

  it('uses the spec breakpoints, stacking levels and transitions', () => {
    const theme = buildTheme();
    expect(theme.breakpoints.values).toEqual({ xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 });
    expect(theme.zIndex).toMatchObject({ appBar: 1100, drawer: 1200, modal: 1300, snackbar: 1400, tooltip: 1500 });
    expect(theme.transitions.duration.enteringScreen).toBe(225);
    expect(theme.transitions.duration.leavingScreen).toBe(195);
  });

  it('switches to dark mode on navType dark', () => {
    const theme = buildTheme({ navType: 'dark' });
    expect(theme.palette.mode).toBe('dark');
    expect(theme.palette.secondary.main).toBe(presetPalettes.default.dark.secondary.main);
    expect(theme.palette.background.paper).not.toBe('#ffffff');
  });

  it.each(PRESET_COLORS.map((p) => [p]))('applies preset %s in light and dark', (presetColor) => {
    expect(buildTheme({ presetColor }).palette.primary.main).toBe(presetPalettes[presetColor].light.primary.main);
    expect(buildTheme({ presetColor, navType: 'dark' }).palette.primary.main).toBe(presetPalettes[presetColor].dark.primary.main);
  });

  it('gives each preset its own primary colour', () => {
    const mains = PRESET_COLORS.map((p) => presetPalettes[p].light.primary.main);
    expect(new Set(mains).size).toBe(PRESET_COLORS.length);
  });

  it('applies font, radius and direction', () => {
    const theme = buildTheme({ fontFamily: 'Roboto, sans-serif', borderRadius: 12, rtlLayout: true });
    expect(theme.typography.fontFamily).toBe(`Roboto, 'Roboto Fallback', sans-serif`);
    expect(theme.shape.borderRadius).toBe(12);
    expect(theme.direction).toBe('rtl');
  });

  it('fills outlined inputs only when outlinedFilled is set', () => {
    const filled = buildTheme({ outlinedFilled: true }).components?.MuiOutlinedInput?.styleOverrides?.root as { background: string };
    const plain = buildTheme({ outlinedFilled: false }).components?.MuiOutlinedInput?.styleOverrides?.root as { background: string };
    expect(filled.background).not.toBe('transparent');
    expect(plain.background).toBe('transparent');
  });
});

describe('contrast', () => {
  it.each(PRESET_COLORS.map((p) => [p]))('keeps white text on contained buttons readable text (4.5:1) for preset %s', (presetColor) => {
    for (const navType of ['light', 'dark'] as const) {
      const theme = buildTheme({ presetColor, navType });
      for (const key of ['containedPrimary', 'containedSecondary'] as const) {
        const { backgroundColor, color } = theme.components?.MuiButton?.styleOverrides?.[key] as { backgroundColor: string; color: string };
        expect(contrastRatio(backgroundColor, color)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('keeps secondary text readable on light input fields', () => {
    const theme = buildTheme();
    expect(contrastRatio(theme.palette.text.secondary, theme.palette.grey[50])).toBeGreaterThanOrEqual(4.5);
  });
});

describe('primary text colour', () => {
  it.each(PRESET_COLORS.map((p) => [p]))('is readable on paper for preset %s in light and dark', (presetColor) => {
    for (const navType of ['light', 'dark'] as const) {
      const theme = buildTheme({ presetColor, navType });
      const root = theme.components?.MuiInputLabel?.styleOverrides?.root as Record<string, { color: string }>;
      expect(contrastRatio(root['&.Mui-focused:not(.Mui-error)'].color, theme.palette.background.paper)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

type RootStyle = (props: { ownerState: { variant?: string; color?: string } }) => { color?: string; backgroundColor?: string };
const COLORS = ['primary', 'secondary', 'error', 'success', 'warning', 'info'] as const;

/** Each preset in light and dark: the theme, a component's root style override, and whether a colour reads at 4.5:1 on paper. */
function eachTheme(component: 'MuiButton' | 'MuiChip', check: (root: RootStyle, readableOnPaper: (color: string | undefined) => boolean, navType: string) => void) {
  it.each(PRESET_COLORS.map((p) => [p]))('for preset %s in light and dark', (presetColor) => {
    for (const navType of ['light', 'dark'] as const) {
      const theme = buildTheme({ presetColor, navType });
      const root = theme.components?.[component]?.styleOverrides?.root as RootStyle;
      check(root, (color) => color !== undefined && contrastRatio(color, theme.palette.background.paper) >= 4.5, navType);
    }
  });
}

describe('text and outlined buttons draw every colour as text readable on paper (4.5:1)', () => {
  eachTheme('MuiButton', (root, readableOnPaper, navType) => {
    for (const variant of ['text', 'outlined'] as const) {
      for (const color of COLORS) {
        expect({ navType, variant, color, readable: readableOnPaper(root({ ownerState: { variant, color } }).color) }).toEqual({ navType, variant, color, readable: true });
      }
    }
    // Contained buttons keep their own fill and text (containedPrimary above); inherit keeps its parent's.
    expect(root({ ownerState: { variant: 'contained', color: 'primary' } }).color).toBeUndefined();
    expect(root({ ownerState: { variant: 'text', color: 'inherit' } }).color).toBeUndefined();
  });
});

describe('chips: outlined ones write every colour readable on paper, filled brand ones are readable on their fill', () => {
  eachTheme('MuiChip', (root, readableOnPaper, navType) => {
    for (const color of COLORS) {
      expect({ navType, color, readable: readableOnPaper(root({ ownerState: { variant: 'outlined', color } }).color) }).toEqual({ navType, color, readable: true });
    }
    expect(root({ ownerState: { variant: 'filled', color: 'success' } }).color).toBeUndefined();
    for (const color of ['primary', 'secondary']) {
      const filled = root({ ownerState: { variant: 'filled', color } });
      expect({ navType, color, readable: contrastRatio(filled.color!, filled.backgroundColor!) >= 4.5 }).toEqual({ navType, color, readable: true });
    }
  });
});
