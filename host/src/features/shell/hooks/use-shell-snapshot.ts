import { useTheme } from '@mui/material/styles';
import { loadedRtlCache, ltrCache } from '@portal/ui';
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { fontFaceRules } from '../../../lib/register-fonts';
import { captureShellSnapshot, dropShellSnapshot, saveShellSnapshot } from '../../../lib/shell-snapshot';

/**
 * For the signed-in shell, whose outermost element takes the returned ref: the snapshot painted before
 * the scripts goes in the commit that draws the shell (a layout effect: the same frame, so nothing
 * blinks), and the shell as drawn is kept when the page is left or hidden (a phone's tab switched away
 * may never see pagehide).
 */
export function useShellSnapshot<T extends HTMLElement>(): RefObject<T | null> {
  const theme = useTheme();
  const shell = useRef<T>(null);
  useLayoutEffect(() => dropShellSnapshot(), []);
  useEffect(() => {
    const save = () => {
      if (!shell.current) return;
      const caches = [ltrCache, loadedRtlCache()].filter((cache) => cache !== null);
      saveShellSnapshot(captureShellSnapshot(shell.current, Object.values(theme.breakpoints.values), fontFaceRules(), caches));
    };
    const saveWhenHidden = () => {
      if (document.visibilityState === 'hidden') save();
    };
    window.addEventListener('pagehide', save);
    document.addEventListener('visibilitychange', saveWhenHidden);
    return () => {
      window.removeEventListener('pagehide', save);
      document.removeEventListener('visibilitychange', saveWhenHidden);
    };
  }, [theme]);
  return shell;
}
