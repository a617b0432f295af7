import createCache, { type EmotionCache, type StylisPlugin } from '@emotion/cache';
import { prefixer } from 'stylis';
import rtlPlugin from 'stylis-plugin-rtl';

/** Emotion cache whose styles are mirrored (margin-left -> margin-right, left -> right, ...). */
export const createRtlCache = (): EmotionCache =>
  createCache({ key: 'muirtl', prepend: true, stylisPlugins: [prefixer, rtlPlugin] as unknown as StylisPlugin[] });
