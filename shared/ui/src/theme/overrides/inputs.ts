import type { Components, Theme } from '@mui/material/styles';
import type { DisplayConfig } from '@portal/config';
import { presetPalettes } from '../colors';
import { brandTextColor, colorAsText, containedFill } from '../readable-colors';

export const inputOverrides = (config: DisplayConfig, theme: Theme): Components<Theme> => ({
  MuiButton: {
    styleOverrides: {
      root: ({ ownerState }) => ({
        borderRadius: config.borderRadius,
        // Text and outlined buttons draw their colour as text on the paper (disabled ones keep MUI's grey).
        ...(ownerState.variant !== 'contained' ? { color: colorAsText(config, theme, ownerState.color ?? 'primary') } : {}),
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
      root: { color: theme.palette.text.secondary, '&.Mui-focused:not(.Mui-error)': { color: brandTextColor(config, theme, 'primary') } },
    },
  },
  MuiLink: {
    styleOverrides: {
      // Only links in the default primary colour; color="inherit" (breadcrumbs) keeps its parent's.
      root: ({ ownerState }) => (ownerState.color === undefined || ownerState.color === 'primary' ? { color: brandTextColor(config, theme, 'primary') } : {}),
    },
  },
});
