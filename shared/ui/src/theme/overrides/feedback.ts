import type { Components, Theme } from '@mui/material/styles';
import type { DisplayConfig } from '@portal/config';

export const feedbackOverrides = (config: DisplayConfig, theme: Theme): Components<Theme> => ({
  MuiAlert: {
    styleOverrides: { root: { borderRadius: config.borderRadius, alignItems: 'center' } },
  },
  MuiTooltip: {
    styleOverrides: { tooltip: { color: theme.palette.background.paper, background: theme.palette.grey[700] } },
  },
  MuiLinearProgress: {
    styleOverrides: { root: { borderRadius: 0 } },
  },
});
