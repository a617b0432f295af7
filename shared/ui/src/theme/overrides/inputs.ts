import type { Components, Theme } from '@mui/material/styles';
import type { DisplayConfig } from '@portal/config';

export const inputOverrides = (config: DisplayConfig, theme: Theme): Components<Theme> => ({
  MuiButton: {
    styleOverrides: { root: { borderRadius: config.borderRadius } },
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
    styleOverrides: { root: { color: theme.palette.text.secondary } },
  },
});
