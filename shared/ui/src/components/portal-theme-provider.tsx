import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useShallow } from 'zustand/react/shallow';
import { buildTheme } from '../theme/build-theme';
import { loadRtlCache, loadedRtlCache, ltrCache } from '../theme/emotion-caches';
import { selectDisplayConfig, useDisplaySettings } from '../stores/display-settings-store';
import { useLanguage } from '../i18n/i18n-store';
import { useMenu } from '../stores/menu-store';
import { brandedPreset } from '../theme/branded-preset';

export interface PortalThemeProviderProps {
  children?: ReactNode;
}

/**
 * MUI theme and baseline from the persisted display settings, in an Emotion cache that mirrors every
 * style when rtlLayout is on (remote pages included: they share @emotion/react and so this cache).
 * The white-label brand colour applies while the user keeps the default preset colour.
 */
export function PortalThemeProvider({ children }: PortalThemeProviderProps) {
  const config = useDisplaySettings(useShallow(selectDisplayConfig));
  const language = useLanguage();
  const [rtlCache, setRtlCache] = useState(loadedRtlCache);
  // RTL applies once its cache is there (a few ms after the switch); until then the page stays LTR
  // rather than showing direction-flipped components with unmirrored styles.
  const rtl = config.rtlLayout && !!rtlCache;
  const brandPreset = useMenu((s) => s.whiteLabelData?.presetColor ?? null);
  const presetColor = brandedPreset(config.presetColor, brandPreset);
  const theme = useMemo(() => buildTheme({ ...config, presetColor, rtlLayout: rtl }), [config, presetColor, rtl]);

  useEffect(() => {
    if (!config.rtlLayout || rtlCache) return;
    let live = true;
    loadRtlCache()
      .then((cache) => live && setRtlCache(cache))
      .catch((error: unknown) => console.error('RTL styles could not be loaded', error));
    return () => {
      live = false;
    };
  }, [config.rtlLayout, rtlCache]);

  useEffect(() => {
    document.documentElement.dir = rtl ? 'rtl' : 'ltr';
  }, [rtl]);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  return (
    <CacheProvider value={rtl && rtlCache ? rtlCache : ltrCache}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
