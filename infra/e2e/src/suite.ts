import type { Browser } from 'playwright-core';
import { launchBrowser } from './browser';
import { RunningPortal, startPortal } from './portal';

export interface Suite {
  portal: RunningPortal;
  browser: Browser;
}

/** One portal (fresh data folder) and one Chromium per test file, stopped after its tests. */
export function usePortalSuite(env: Record<string, string> = {}): Suite {
  const suite = {} as Suite;
  beforeAll(async () => {
    suite.portal = await startPortal(env);
    suite.browser = await launchBrowser();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await suite.portal?.stop();
  });
  return suite;
}
