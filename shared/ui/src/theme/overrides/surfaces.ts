import type { Components, Theme } from '@mui/material/styles';
import type { DisplayConfig } from '@portal/config';

export const surfaceOverrides = (config: DisplayConfig, theme: Theme): Components<Theme> => ({
  MuiPaper: {
    defaultProps: { elevation: 0 },
    styleOverrides: { rounded: { borderRadius: config.borderRadius } },
  },
  MuiCard: {
    styleOverrides: { root: { border: `1px solid ${theme.palette.divider}` } },
  },
  MuiCardHeader: {
    styleOverrides: { root: { padding: 24 }, title: { fontSize: '1.125rem' } },
  },
  MuiCardContent: {
    styleOverrides: { root: { padding: 24 } },
  },
});
