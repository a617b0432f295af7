// Prints what a browser downloads for /login and for /dashboard (JS files, raw bytes, gzip
// bytes, bytes on the wire, 0 when served from cache) and how long each takes to show, on the built portal in Chromium.
// Run after `pnpm build`: `pnpm bench`.
import zlib from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { launchBrowser, newPage, signIn } from '../src/browser';
import { startPortal } from '../src/portal';

interface JsFile {
  url: string;
  raw: number;
  gzip: number;
  wire: number;
}

function recordJs(page: Page): { files: JsFile[]; pending: Promise<void>[] } {
  const files: JsFile[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (res: Response) => {
    if (!res.url().endsWith('.js')) return;
    pending.push(
      (async () => {
        const body = await res.body();
        const sizes = await res.request().sizes();
        files.push({ url: res.url(), raw: body.length, gzip: zlib.gzipSync(body, { level: 9 }).length, wire: Math.max(0, sizes.responseBodySize) });
      })(),
    );
  });
  return { files, pending };
}

function summary(label: string, files: JsFile[], ms: number): string {
  const sum = (k: keyof Omit<JsFile, 'url'>) => files.reduce((n, f) => n + f[k], 0);
  return `${label.padEnd(34)} ${String(files.length).padStart(5)} ${String(sum('raw')).padStart(11)} ${String(sum('gzip')).padStart(11)} ${String(sum('wire')).padStart(11)} ${String(ms).padStart(8)}`;
}

async function main(): Promise<void> {
  const portal = await startPortal();
  const browser = await launchBrowser();
  try {
    const { context, page } = await newPage(browser, portal.url);
    const rec = recordJs(page);
    let start = Date.now();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
    const loginMs = Date.now() - start;
    await Promise.all(rec.pending);
    const login = [...rec.files];

    start = Date.now();
    await signIn(page, 'admin', undefined, false);
    await page.waitForURL('**/dashboard');
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    const dashboardMs = Date.now() - start;
    await Promise.all(rec.pending);
    const afterLogin = rec.files.slice(login.length);

    // A cold reload of /dashboard for the signed-in user: same tab (the session user lives in
    // session storage), browser cache cleared and disabled.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const before = rec.files.length;
    start = Date.now();
    await page.reload();
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    const coldMs = Date.now() - start;
    await Promise.all(rec.pending);
    const coldRec = { files: rec.files.slice(before) };

    console.log(`${'page'.padEnd(34)} ${'files'.padStart(5)} ${'raw bytes'.padStart(11)} ${'gzip bytes'.padStart(11)} ${'wire bytes'.padStart(11)} ${'ms'.padStart(8)}`);
    console.log(summary('/login (cold)', login, loginMs));
    console.log(summary('sign-in -> /dashboard (added JS)', afterLogin, dashboardMs));
    console.log(summary('/dashboard (cold, signed in)', coldRec.files, coldMs));
    await context.close();
  } finally {
    await browser.close();
    await portal.stop();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
