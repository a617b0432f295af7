import createCache, { type EmotionCache } from '@emotion/cache';

/** Left-to-right styles. Remotes share @emotion/react as a singleton, so they render into this cache too. */
export const ltrCache: EmotionCache = createCache({ key: 'mui', prepend: true });

let rtlCache: EmotionCache | null = null;
let rtlLoading: Promise<EmotionCache> | null = null;

/** The right-to-left cache if it is loaded already. */
export const loadedRtlCache = (): EmotionCache | null => rtlCache;

// The RTL stylis plugin (cssjanus) is loaded only when someone switches to RTL, so the sign-in page
// of the usual LTR user does not carry it.
export function loadRtlCache(): Promise<EmotionCache> {
  rtlLoading ??= import('./rtl-cache').then((m) => {
    rtlCache = m.createRtlCache();
    return rtlCache;
  });
  return rtlLoading;
}
