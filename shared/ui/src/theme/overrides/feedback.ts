import type { Components, Theme } from '@mui/material/styles';
import type { DisplayConfig } from '@portal/config';
import { presetPalettes } from '../colors';
import { colorAsText, containedFill } from '../readable-colors';

export const feedbackOverrides = (config: DisplayConfig, theme: Theme): Components<Theme> => ({
  MuiAlert: {
    styleOverrides: { root: { borderRadius: config.borderRadius, alignItems: 'center' } },
  },
  MuiTooltip: {
    styleOverrides: { tooltip: { color: theme.palette.background.paper, background: theme.palette.grey[700] } },
  },
  MuiChip: {
    styleOverrides: {
      // Outlined chips write their colour as text on the paper (status colours such as the bright
      // success green darkened until they read at 4.5:1); filled brand chips take the contained fill.
      root: ({ ownerState }) => {
        if (ownerState.variant === 'outlined') return { color: colorAsText(config, theme, ownerState.color) };
        if (ownerState.color !== 'primary' && ownerState.color !== 'secondary') return {};
        const { backgroundColor, color: text } = containedFill(presetPalettes[config.presetColor].light[ownerState.color]);
        return { backgroundColor, color: text };
      },
    },
  },
  MuiLinearProgress: {
    styleOverrides: { root: { borderRadius: 0 } },
  },
});
