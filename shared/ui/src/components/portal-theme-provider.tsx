import { useEffect, useMemo, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useShallow } from 'zustand/react/shallow';
import { buildTheme } from '../theme/build-theme';
import { selectDisplayConfig, useDisplaySettings } from '../stores/display-settings-store';

export interface PortalThemeProviderProps {
  children?: ReactNode;
}

/** MUI theme and baseline from the persisted display settings. */
export function PortalThemeProvider({ children }: PortalThemeProviderProps) {
  const config = useDisplaySettings(useShallow(selectDisplayConfig));
  const theme = useMemo(() => buildTheme(config), [config]);

  // Without stylis-plugin-rtl the styles are not mirrored; the dir attribute still flips text and flex order.
  useEffect(() => {
    document.documentElement.dir = config.rtlLayout ? 'rtl' : 'ltr';
    document.documentElement.lang = config.locale;
  }, [config.rtlLayout, config.locale]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      {children}
    </ThemeProvider>
  );
}
