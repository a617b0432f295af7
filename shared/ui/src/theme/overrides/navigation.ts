import type { Components, Theme } from '@mui/material/styles';
import { BREADCRUMB_ITEMS_AFTER_COLLAPSE, BREADCRUMB_ITEMS_BEFORE_COLLAPSE, BREADCRUMB_MAX_ITEMS, type DisplayConfig } from '@portal/config';

export const navigationOverrides = (config: DisplayConfig, theme: Theme): Components<Theme> => ({
  MuiListItemButton: {
    styleOverrides: {
      root: {
        borderRadius: config.borderRadius,
        '&.Mui-selected': {
          color: theme.palette.mode === 'dark' ? theme.palette.secondary.light : theme.palette.secondary.dark,
          backgroundColor: theme.palette.mode === 'dark' ? theme.palette.action.selected : theme.palette.secondary.light,
        },
      },
    },
  },
  MuiListItemIcon: {
    styleOverrides: { root: { minWidth: 36 } },
  },
  MuiBreadcrumbs: {
    defaultProps: {
      maxItems: BREADCRUMB_MAX_ITEMS,
      itemsBeforeCollapse: BREADCRUMB_ITEMS_BEFORE_COLLAPSE,
      itemsAfterCollapse: BREADCRUMB_ITEMS_AFTER_COLLAPSE,
    },
  },
});
