import { lightThemeVars, selectDisplayConfig, useDisplaySettings, useLanguage, useMenu } from '@portal/ui/base';
import { useEffect, useMemo, type CSSProperties } from 'react';
import { useShallow } from 'zustand/react/shallow';

/**
 * What PortalThemeProvider does for the themed pages, for a page drawn without MUI: the colours,
 * font and radius of the persisted display settings and the brand's preset as CSS custom properties
 * (for the root element's `style`), and the page's direction and language. RTL applies at once: the
 * light stylesheet mirrors itself (logical properties) and needs no RTL style cache.
 */
export function useLightTheme(): { style: CSSProperties; dir: 'rtl' | 'ltr' } {
  const config = useDisplaySettings(useShallow(selectDisplayConfig));
  const brandPreset = useMenu((s) => s.whiteLabelData?.presetColor ?? null);
  const language = useLanguage();
  const style = useMemo(() => lightThemeVars(config, brandPreset) as CSSProperties, [config, brandPreset]);
  const dir = config.rtlLayout ? 'rtl' : 'ltr';
  useEffect(() => {
    document.documentElement.dir = dir;
  }, [dir]);
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return { style, dir };
}
