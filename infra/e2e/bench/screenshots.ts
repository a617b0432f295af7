// Screenshots of the shell for the README: light, dark, horizontal and right-to-left, signed in as the
// demo customer on /dashboard. Run after `pnpm build`: `npx tsx infra/e2e/bench/screenshots.ts`.
// Writes docs/screenshots/shell-<name>.png (1280 x 800 viewport, PNG).
import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser, signIn } from '../src/browser';
import { REPO_ROOT, startPortal } from '../src/portal';
import { SPEC_DISPLAY_DEFAULTS } from '../src/spec-display-defaults';

const DEFAULTS = SPEC_DISPLAY_DEFAULTS;

const SHOTS: { name: string; settings: Partial<typeof DEFAULTS> }[] = [
  { name: 'light', settings: {} },
  { name: 'dark', settings: { navType: 'dark' } },
  { name: 'horizontal', settings: { layout: 'horizontal', presetColor: 'theme1' } },
  { name: 'rtl', settings: { rtlLayout: true } },
];

async function main(): Promise<void> {
  const outDir = path.join(REPO_ROOT, 'docs', 'screenshots');
  fs.mkdirSync(outDir, { recursive: true });
  const portal = await startPortal();
  const browser = await launchBrowser();
  try {
    for (const shot of SHOTS) {
      const context = await browser.newContext({ baseURL: portal.url, viewport: { width: 1280, height: 800 }, reducedMotion: 'reduce' });
      await context.addInitScript((v) => localStorage.setItem('berry-config', v), JSON.stringify({ ...DEFAULTS, ...shot.settings }));
      const page = await context.newPage();
      await signIn(page, 'customer');
      await page.waitForURL('**/dashboard');
      await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
      await page.evaluate(() => document.fonts.ready);
      await page.waitForTimeout(500);
      const file = path.join(outDir, `shell-${shot.name}.png`);
      await page.screenshot({ path: file, type: 'png' });
      console.log(`${path.relative(REPO_ROOT, file)}  ${(fs.statSync(file).size / 1024).toFixed(0)} KB`);
      await context.close();
    }
  } finally {
    await browser.close();
    await portal.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
