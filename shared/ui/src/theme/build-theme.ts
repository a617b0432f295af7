import { createTheme, type Theme } from '@mui/material/styles';
import { BREAKPOINTS, DEFAULT_CONFIG, TRANSITIONS, Z_INDEX, type DisplayConfig } from '@portal/config';
import { buildPalette } from './palette';
import { buildTypography } from './typography';
import { feedbackOverrides } from './overrides/feedback';
import { inputOverrides } from './overrides/inputs';
import { navigationOverrides } from './overrides/navigation';
import { surfaceOverrides } from './overrides/surfaces';

/** The MUI theme for a set of display settings; missing fields take the berry-config defaults. */
export const buildTheme = (settings: Partial<DisplayConfig> = {}): Theme => {
  const config: DisplayConfig = { ...DEFAULT_CONFIG, ...settings };
  // Built in two passes so the component overrides can read the finished palette.
  const base = createTheme({
    direction: config.rtlLayout ? 'rtl' : 'ltr',
    palette: buildPalette(config.navType, config.presetColor),
    typography: buildTypography(config.fontFamily),
    shape: { borderRadius: config.borderRadius },
    breakpoints: { values: { ...BREAKPOINTS } },
    zIndex: {
      appBar: Z_INDEX.appBar,
      drawer: Z_INDEX.drawer,
      modal: Z_INDEX.modal,
      snackbar: Z_INDEX.snackbar,
      tooltip: Z_INDEX.tooltip,
    },
    transitions: {
      duration: { enteringScreen: TRANSITIONS.enteringScreen, leavingScreen: TRANSITIONS.leavingScreen },
    },
  });
  return createTheme(base, {
    components: {
      ...inputOverrides(config, base),
      ...surfaceOverrides(config, base),
      ...feedbackOverrides(config, base),
      ...navigationOverrides(config, base),
    },
  });
};
