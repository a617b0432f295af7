import type { BrowserContext } from 'playwright-core';
import { SPEC_DISPLAY_DEFAULTS } from './spec-display-defaults';

/** Opens every page of `context` in light or dark mode, every other display setting at the spec's defaults. */
export async function startInMode(context: BrowserContext, navType: 'light' | 'dark'): Promise<void> {
  await context.addInitScript((config) => localStorage.setItem('berry-config', config), JSON.stringify({ ...SPEC_DISPLAY_DEFAULTS, navType }));
}
