import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { CacheProvider } from '@emotion/react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider, type Theme } from '@mui/material/styles';
import { useShallow } from 'zustand/react/shallow';
import { buildTheme } from '../theme/build-theme';
import { loadRtlCache, loadedRtlCache, ltrCache } from '../theme/emotion-caches';
import { brandedPreset, selectDisplayConfig, useDisplaySettings, useLanguage, useMenu } from '@portal/ui/base';

/** The theme of the last settings asked for: the page's layout and its alert layer each have a provider, and building a theme (createTheme, twice) costs tens of ms on a phone. */
let lastTheme: { key: string; theme: Theme } | null = null;
function themeFor(settings: Parameters<typeof buildTheme>[0]): Theme {
  const key = JSON.stringify(settings);
  if (lastTheme?.key !== key) lastTheme = { key, theme: buildTheme(settings) };
  return lastTheme.theme;
}

export interface PortalThemeProviderProps {
  children?: ReactNode;
  /**
   * Whether this provider sets the page's `dir` and `lang` (default). The app's lazily loaded
   * alert layer has a provider of its own and leaves them to the page, which may be the sign-in
   * page (no MUI, sets them itself) or a themed page (whose provider sets them).
   */
  documentAttributes?: boolean;
  /**
   * Whether this provider draws MUI's baseline (default): the page's own rules for <body> and its
   * elements, as a global style. The alert layer leaves it to the page too: a second baseline is a
   * second copy of the same global rules (some 10 ms at 1x to serialize and insert, in the render
   * of the layer's first message, which on the dashboard is a synchronous one), and the sign-in page
   * is styled by its own stylesheet, not MUI's body rules.
   */
  baseline?: boolean;
}

/**
 * Sets an attribute of <html> only when it changes: the browser re-resolves the whole page for a
 * written `dir` or `lang` even when the value is the one it had (Chromium: about 8 ms at 1x on the
 * dashboard, in the effects right after its first commit), and the shell painted before the scripts
 * has usually set both already.
 */
function setRootAttribute(name: 'dir' | 'lang', value: string): void {
  if (document.documentElement.getAttribute(name) !== value) document.documentElement.setAttribute(name, value);
}

/**
 * MUI theme and baseline from the persisted display settings, in an Emotion cache that mirrors every
 * style when rtlLayout is on (remote pages included: they share @emotion/react and so this cache).
 * The white-label brand colour applies while the user keeps the default preset colour.
 */
export function PortalThemeProvider({ children, documentAttributes = true, baseline = true }: PortalThemeProviderProps) {
  const config = useDisplaySettings(useShallow(selectDisplayConfig));
  const language = useLanguage();
  const [rtlCache, setRtlCache] = useState(loadedRtlCache);
  // RTL applies once its cache is there (a few ms after the switch); until then the page stays LTR
  // rather than showing direction-flipped components with unmirrored styles.
  const rtl = config.rtlLayout && !!rtlCache;
  const brandPreset = useMenu((s) => s.whiteLabelData?.presetColor ?? null);
  const presetColor = brandedPreset(config.presetColor, brandPreset);
  const theme = useMemo(() => themeFor({ ...config, presetColor, rtlLayout: rtl }), [config, presetColor, rtl]);

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
    if (documentAttributes) setRootAttribute('dir', rtl ? 'rtl' : 'ltr');
  }, [rtl, documentAttributes]);
  useEffect(() => {
    if (documentAttributes) setRootAttribute('lang', language);
  }, [language, documentAttributes]);

  return (
    <CacheProvider value={rtl && rtlCache ? rtlCache : ltrCache}>
      <ThemeProvider theme={theme}>
        {baseline && <CssBaseline />}
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}
