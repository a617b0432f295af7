import type { Components, Theme } from '@mui/material/styles';
import type { DisplayConfig } from '@portal/config';
import { presetPalettes } from '../colors';
import { withContrast } from '../contrast';
import { containedFill } from './inputs';

const CHIP_COLORS = ['primary', 'secondary', 'success', 'error', 'warning', 'info'] as const;

export const feedbackOverrides = (config: DisplayConfig, theme: Theme): Components<Theme> => ({
  MuiAlert: {
    styleOverrides: { root: { borderRadius: config.borderRadius, alignItems: 'center' } },
  },
  MuiTooltip: {
    styleOverrides: { tooltip: { color: theme.palette.background.paper, background: theme.palette.grey[700] } },
  },
  MuiChip: {
    styleOverrides: {
      // Outlined chips write their colour as text on the paper: status colours such as the bright
      // success green are darkened (lightened on dark paper) until they read at 4.5:1.
      root: ({ ownerState }) => {
        const color = CHIP_COLORS.find((name) => name === ownerState.color);
        if (!color) return {};
        if (ownerState.variant === 'outlined') return { color: withContrast(theme.palette[color].main, theme.palette.background.paper) };
        // Filled brand chips: the same readable fill and text as contained buttons.
        if (color !== 'primary' && color !== 'secondary') return {};
        const { backgroundColor, color: text } = containedFill(presetPalettes[config.presetColor].light[color]);
        return { backgroundColor, color: text };
      },
    },
  },
  MuiLinearProgress: {
    styleOverrides: { root: { borderRadius: 0 } },
  },
});
