// Prints, per route (/login, a signed-in /dashboard and one page of each remote), the JavaScript a
// browser downloads until the page is usable (files, gzip and brotli bytes of each body) and the
// Lighthouse performance scores on a phone (simulated mobile throttling) and a desktop, with LCP,
// TBT, CLS and the accessibility score (of a signed-in route: a returning visit, see visitBefore;
// BENCH_RETURNING=0 measures the phone's first visit after a desktop's, with no shell of its width kept).
// Then one signed-in walk through every route of a customer: all the JavaScript loaded, and how long
// the first visit to each remote's route takes to show.
// Pages are measured on an idle server: the bench waits for the demo tenant's first backup (portal-idle.ts).
// Run after `pnpm build`: `pnpm bench` (BENCH_LIGHTHOUSE=0 skips Lighthouse; BENCH_FILES=1 lists each
// route's files with their gzip size; BENCH_ROUTES=/login,/dashboard weighs only those routes and skips the walk;
// BENCH_LHR=<folder> writes each Lighthouse report there as JSON, with its observed load's trace (more trace
// categories in BENCH_TRACE_CATEGORIES); BENCH_BLOCKING=<runs> adds each route's
// main-thread blocking on a phone at 4x CPU from a Chromium trace, median of that many loads; BENCH_TRACE=1
// prints each Lighthouse load's paints, LCP candidates, layout shifts and long tasks: paint-trace.ts;
// BENCH_PAGE_PROFILE=1 prints where each route's main-thread time goes on a phone, from V8's profiler: page-profile.ts;
// BENCH_LIGHTHOUSE_RUNS=<n> runs Lighthouse n times per route and form and reports each figure's median, as
// Lighthouse's own guidance does for variable hosts, with each run's mobile score and TBT listed).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { PRERENDERED_ELEMENT_ID, SHELL_SNAPSHOT_ELEMENT_ID } from '@portal/config';
import { DEMO_PASSWORD } from '../src/browser';
import { CHROMIUM_ARGS, ensureChromium } from '../src/chromium';
import { startPortal } from '../src/portal';
import { mainThreadBlocking, type Blocking } from './main-thread-blocking';
import { profileLines, profilePageLoad } from './page-profile';
import { medianOf } from './median';
import { paintTrace, type TraceEvent } from './paint-trace';
import { BENCH_METRICS_TOKEN, waitForIdleJobs } from './portal-idle';

type LighthouseFn = (url: string, flags: Record<string, unknown>, config: unknown, page: Page) => Promise<{ lhr: Lhr; artifacts?: { Trace?: { traceEvents: TraceEvent[] } } } | undefined>;
interface Lhr {
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null; auditRefs?: { id: string; weight: number }[] }>;
  audits: Record<string, { numericValue?: number; score?: number | null; details?: { items?: { node?: { selector?: string } }[] } }>;
  /** Lighthouse's own measure of the host's speed (higher is faster): simulated phone figures scale with it. */
  environment?: { benchmarkIndex?: number };
}

interface Route {
  path: string;
  /** Accessible role and name of what shows when the page is usable. */
  ready: { role: string; name: string };
  signedIn: boolean;
}

const USER = 'customer';
const ROUTES: Route[] = [
  { path: '/login', ready: { role: 'button', name: 'Sign In' }, signedIn: false },
  { path: '/dashboard', ready: { role: 'navigation', name: 'Main menu' }, signedIn: true },
  { path: '/backup', ready: { role: 'heading', name: 'Backup' }, signedIn: true },
  { path: '/profile', ready: { role: 'heading', name: 'Profile' }, signedIn: true },
  { path: '/support', ready: { role: 'heading', name: 'Support' }, signedIn: true },
  { path: '/user-activity', ready: { role: 'heading', name: 'User Activity' }, signedIn: true },
];
// Every page a customer's menu offers, for the walk (the first one of each remote is timed).
const WALK: { path: string; heading: string }[] = [
  { path: '/backup', heading: 'Backup' },
  { path: '/restore', heading: 'Restore' },
  { path: '/jobs', heading: 'Jobs' },
  { path: '/profile', heading: 'Profile' },
  { path: '/notification', heading: 'Notification' },
  { path: '/support', heading: 'Support' },
  { path: '/support-tickets', heading: 'Support Tickets' },
  { path: '/feedbacks', heading: 'Feedbacks' },
  { path: '/user-activity', heading: 'User Activity' },
  { path: '/alerts', heading: 'Alerts' },
];
const REMOTE_OF: Record<string, string> = {
  '/backup': 'backup_sets',
  '/restore': 'backup_sets',
  '/jobs': 'backup_sets',
  '/profile': 'account_settings',
  '/notification': 'account_settings',
  '/support': 'support',
  '/support-tickets': 'support',
  '/feedbacks': 'support',
  '/user-activity': 'admin_ops',
  '/alerts': 'admin_ops',
};

const aria = (role: string, name: string) => `::-p-aria([name="${name}"][role="${role}"])`;

interface JsFile {
  url: string;
  gzip: number;
  brotli: number;
}

/**
 * Every JavaScript response of the page from now on, with its body's gzip (9) and brotli (11) size.
 * `stop()` closes the window: requests issued after it (an idle prefetch) are not counted, those
 * issued before it are, when their bodies arrive (`settle()`).
 */
function recordJs(page: Page): { files: Map<string, JsFile>; settle: () => Promise<void>; stop: () => void } {
  const files = new Map<string, JsFile>();
  const pending: Promise<void>[] = [];
  const counted = new Set<import('puppeteer-core').HTTPRequest>();
  let open = true;
  const onRequest = (req: import('puppeteer-core').HTTPRequest) => {
    if (open) counted.add(req);
  };
  const onResponse = (res: import('puppeteer-core').HTTPResponse) => {
    const url = res.url();
    if (!counted.has(res.request()) || !/\.m?js(\?|$)/.test(url) || res.status() !== 200) return;
    pending.push(
      res.buffer().then(
        async (body) => {
          // A prefetch hint's response (an idle download) comes with no body here, though its bytes
          // were downloaded: weigh the file as the server sends it, or it would count as nothing.
          if (body.length === 0) body = Buffer.from(await (await fetch(url)).arrayBuffer());
          files.set(url, {
            url,
            gzip: zlib.gzipSync(body, { level: 9 }).length,
            brotli: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
          });
        },
        () => undefined,
      ),
    );
  };
  page.on('request', onRequest);
  page.on('response', onResponse);
  return {
    files,
    settle: async () => {
      // Responses to requests issued before stop() may still be on their way.
      for (let i = 0; i < 50 && [...counted].some((req) => !req.response() && !req.failure()); i++) await new Promise((r) => setTimeout(r, 100));
      await Promise.all(pending);
    },
    stop: () => {
      open = false;
    },
  };
}

const sum = (files: Iterable<JsFile>, key: 'gzip' | 'brotli') => [...files].reduce((n, f) => n + f[key], 0);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)}`;

async function clearCache(page: Page): Promise<void> {
  const cdp = await page.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

async function signIn(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/login`);
  // The app's form: keys typed while it takes over from the prerendered one could land in either. The
  // prerendered page runs the app at the visitor's first interaction: a key touched.
  await page.keyboard.press('Shift');
  await page.waitForFunction((id) => !document.getElementById(id), {}, PRERENDERED_ELEMENT_ID);
  await page.waitForSelector('#login-username');
  await page.type('#login-username', USER);
  await page.type('#login-password', DEMO_PASSWORD);
  await Promise.all([page.waitForFunction(() => location.pathname === '/dashboard'), page.click('button[type="submit"]')]);
  await page.waitForSelector(aria('navigation', 'Main menu'));
}

async function signOut(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/login`);
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

declare global {
  interface Window {
    __benchReadyAt?: number;
  }
}

/**
 * Runs in the page before its scripts: records (performance.now()) when an element of the role and
 * accessible name first appears. Elements are matched by tag or role and their aria-label or text,
 * which is what the bench's ready elements have. A prerendered page (the sign-in page) is not usable
 * until the app has taken over from it: its elements count only once `prerenderedId` has gone.
 */
function markReady(role: string, name: string, prerenderedId: string): void {
  performance.setResourceTimingBufferSize(1000);
  const selector = { navigation: 'nav,[role="navigation"]', heading: 'h1,h2,h3,h4,h5,h6,[role="heading"]', button: 'button,[role="button"]' }[role] ?? `[role="${role}"]`;
  // No named inner functions: tsx would wrap them in a helper the page does not have.
  const observer = new MutationObserver(() => {
    if (window.__benchReadyAt === undefined && !document.getElementById(prerenderedId) && [...document.querySelectorAll(selector)].some((el) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim() === name)) {
      window.__benchReadyAt = performance.now();
      observer.disconnect();
    }
  });
  observer.observe(document, { childList: true, subtree: true, characterData: true });
}

/**
 * JS until the route's ready element shows, on a cold cache, unthrottled: the scripts whose requests
 * started before the element appeared (resource timing), so an idle prefetch that starts while the
 * bench is still looking for the element is not counted as the route's own weight.
 */
async function weigh(page: Page, base: string, route: Route): Promise<{ files: JsFile[]; ms: number }> {
  await page.goto('about:blank');
  await clearCache(page);
  const rec = recordJs(page);
  const { identifier } = await page.evaluateOnNewDocument(markReady, route.ready.role, route.ready.name, PRERENDERED_ELEMENT_ID);
  await page.goto(`${base}${route.path}`);
  // A prerendered page (sign-in) runs the app at the visitor's first interaction: touch a key as they would.
  if (!route.signedIn) await page.keyboard.press('Shift');
  await page.waitForSelector(aria(route.ready.role, route.ready.name), { timeout: 60_000 });
  const readyAt = Number(await (await page.waitForFunction(() => window.__benchReadyAt, { timeout: 10_000 })).jsonValue());
  const before = new Set(
    await page.evaluate(
      (t) => performance.getEntriesByType('resource').filter((e) => e.startTime <= t).map((e) => e.name),
      readyAt,
    ),
  );
  await page.removeScriptToEvaluateOnNewDocument(identifier);
  rec.stop();
  await rec.settle();
  return { files: [...rec.files.values()].filter((f) => before.has(f.url)), ms: Math.round(readyAt) };
}

interface Scores {
  perf: number;
  lcp: number;
  tbt: number;
  /** Cumulative layout shift (fonts swapping in, content pushing content). */
  cls: number;
  a11y: number;
  /** The accessibility audits that failed, with the first element each names: what keeps a11y below 1. */
  a11yFailures: string[];
  benchmarkIndex: number;
}

function a11yFailures(lhr: Lhr): string[] {
  return (lhr.categories.accessibility.auditRefs ?? [])
    .filter((ref) => ref.weight > 0 && lhr.audits[ref.id]?.score === 0)
    .map((ref) => `${ref.id} (${lhr.audits[ref.id].details?.items?.[0]?.node?.selector ?? 'no element named'})`);
}

/** The window widths Lighthouse's mobile and desktop runs emulate (its default and desktop configs). */
const FORM_WIDTH = { mobile: 412, desktop: 1350 } as const;

/**
 * A signed-in visitor's earlier visit on this device: the page drawn at the form factor's width, then
 * left. Leaving keeps the shell as drawn, which the next visit paints before its scripts run
 * (host/src/lib/shell-snapshot.ts), so Lighthouse measures a returning visit on a phone as a phone's
 * visitor has it, not a phone after a desktop.
 */
async function visitBefore(page: Page, url: string, form: 'mobile' | 'desktop'): Promise<void> {
  await page.setViewport({ width: FORM_WIDTH[form], height: 900 });
  await page.goto(url);
  await page.waitForFunction((id) => document.querySelector('#root main') && !document.getElementById(id), { timeout: 60_000 }, SHELL_SNAPSHOT_ELEMENT_ID);
  await page.goto('about:blank');
  await page.setViewport({ width: 1400, height: 900 });
}

async function auditOnce(lighthouse: LighthouseFn, desktopConfig: unknown, page: Page, url: string, form: 'mobile' | 'desktop', signedIn: boolean): Promise<Lhr> {
  if (signedIn && process.env.BENCH_RETURNING !== '0') await visitBefore(page, url, form);
  await page.goto('about:blank');
  await clearCache(page);
  // Storage is kept (the signed-in session lives in this tab); the cache is cleared above.
  const flags = { output: 'json', logLevel: 'error', additionalTraceCategories: process.env.BENCH_TRACE_CATEGORIES, onlyCategories: ['performance', 'accessibility'], disableStorageReset: true };
  const result = await lighthouse(url, flags, form === 'desktop' ? desktopConfig : undefined, page);
  // Lighthouse leaves its device emulation on the tab; the next steps want the desktop window back.
  const cdp = await page.createCDPSession();
  await cdp.send('Emulation.clearDeviceMetricsOverride');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await cdp.detach();
  await page.setViewport({ width: 1400, height: 900 });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (process.env.BENCH_TRACE === '1') console.error([`${form} ${url}, observed load:`, ...paintTrace(result.artifacts?.Trace?.traceEvents ?? [])].join('\n  '));
  // BENCH_LHR=<folder> keeps each report, to read what blocks the main thread (long-tasks, bootup-time).
  if (process.env.BENCH_LHR) {
    fs.mkdirSync(process.env.BENCH_LHR, { recursive: true });
    const name = `${new URL(url).pathname.slice(1) || 'root'}-${form}`;
    fs.writeFileSync(path.join(process.env.BENCH_LHR, `${name}.json`), JSON.stringify(result.lhr));
    // The unthrottled load Lighthouse simulated the phone from: each of its tasks, times 4, is one of
    // the report's long tasks. BENCH_TRACE_CATEGORIES=disabled-by-default-v8.cpu_profiler adds V8's samples.
    if (result.artifacts?.Trace) fs.writeFileSync(path.join(process.env.BENCH_LHR, `${name}-trace.json`), JSON.stringify(result.artifacts.Trace));
  }
  return result.lhr;
}

/** One Lighthouse run; a run that ends in a Lighthouse error (seen now and then on a busy machine) is repeated once. */
async function audit(lighthouse: LighthouseFn, desktopConfig: unknown, page: Page, url: string, form: 'mobile' | 'desktop', signedIn: boolean): Promise<Scores> {
  let lhr = await auditOnce(lighthouse, desktopConfig, page, url, form, signedIn);
  if (lhr.runtimeError || lhr.categories.performance.score === null) {
    console.error(`Lighthouse ${form} ${url}: ${lhr.runtimeError?.code ?? 'no score'}, running it again`);
    lhr = await auditOnce(lighthouse, desktopConfig, page, url, form, signedIn);
  }
  return {
    perf: lhr.categories.performance.score ?? 0,
    a11y: lhr.categories.accessibility.score ?? 0,
    lcp: lhr.audits['largest-contentful-paint'].numericValue ?? NaN,
    tbt: lhr.audits['total-blocking-time'].numericValue ?? NaN,
    cls: lhr.audits['cumulative-layout-shift'].numericValue ?? NaN,
    a11yFailures: a11yFailures(lhr),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? NaN,
  };
}

/**
 * Lighthouse runs per route and form (BENCH_LIGHTHOUSE_RUNS). A shared machine's noise moves one mobile
 * run's simulated TBT by hundreds of milliseconds (each observed task is multiplied by 4), so figures to
 * compare are medians of several runs.
 */
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 1));

/** Each figure's median over LIGHTHOUSE_RUNS runs (accessibility: the worst run, with every failure seen). */
async function audits(lighthouse: LighthouseFn, desktopConfig: unknown, page: Page, url: string, form: 'mobile' | 'desktop', signedIn: boolean): Promise<Scores & { runs: Scores[] }> {
  const runs: Scores[] = [];
  for (let i = 0; i < LIGHTHOUSE_RUNS; i += 1) runs.push(await audit(lighthouse, desktopConfig, page, url, form, signedIn));
  const median = (key: 'perf' | 'lcp' | 'tbt' | 'cls') => medianOf(runs.map((run) => run[key]));
  return {
    perf: median('perf'),
    lcp: median('lcp'),
    tbt: median('tbt'),
    cls: median('cls'),
    a11y: Math.min(...runs.map((run) => run.a11y)),
    a11yFailures: [...new Set(runs.flatMap((run) => run.a11yFailures))],
    benchmarkIndex: medianOf(runs.map((run) => run.benchmarkIndex)),
    runs,
  };
}

const fmtScores = (s: Scores | undefined) =>
  s
    ? `${s.perf.toFixed(2).padStart(5)} ${(s.lcp / 1000).toFixed(2).padStart(6)} ${Math.round(s.tbt).toString().padStart(6)} ${s.cls.toFixed(3).padStart(5)}`
    : `${'-'.padStart(5)} ${'-'.padStart(6)} ${'-'.padStart(6)} ${'-'.padStart(5)}`;

async function walk(page: Page, base: string): Promise<{ files: JsFile[]; firstVisit: { path: string; remote: string; ms: number; hovered: boolean }[] }> {
  await signOut(page, base);
  await page.goto('about:blank');
  await clearCache(page);
  const rec = recordJs(page);
  await signIn(page, base);
  const firstVisit: { path: string; remote: string; ms: number; hovered: boolean }[] = [];
  const seen = new Set<string>();
  for (const { path, heading } of WALK) {
    // A user reads the page for a moment, then points at the menu entry and clicks it (about
    // 300 ms later); entries inside a closed menu group get no hover.
    await new Promise((r) => setTimeout(r, 1500));
    const entry = await page.$(`nav[aria-label="Main menu"] ${aria('button', heading)}`);
    if (entry) {
      await entry.hover();
      await new Promise((r) => setTimeout(r, 300));
    }
    // Timed in the page (performance.now() when the heading first appears, seen by a MutationObserver):
    // puppeteer's polling for an accessible name added its own 100-600 ms to the figure.
    await page.evaluate(() => {
      delete window.__benchReadyAt;
    });
    await page.evaluate(markReady, 'heading', heading, PRERENDERED_ELEMENT_ID);
    const start = await page.evaluate((u) => {
      const at = performance.now();
      window.history.pushState({}, '', u);
      window.dispatchEvent(new PopStateEvent('popstate'));
      return at;
    }, path);
    await page.waitForFunction(() => window.__benchReadyAt !== undefined, { timeout: 60_000 });
    const ms = Math.round(((await page.evaluate(() => window.__benchReadyAt)) ?? start) - start);
    const remote = REMOTE_OF[path];
    if (!seen.has(remote)) firstVisit.push({ path, remote, ms, hovered: !!entry });
    seen.add(remote);
  }
  rec.stop();
  await rec.settle();
  return { files: [...rec.files.values()], firstVisit };
}

async function main(): Promise<void> {
  const withLighthouse = process.env.BENCH_LIGHTHOUSE !== '0';
  const { default: lighthouse } = (await import('lighthouse')) as unknown as { default: LighthouseFn };
  const { default: desktopConfig } = (await import('lighthouse/core/config/desktop-config.js')) as unknown as { default: unknown };
  const portal = await startPortal({ METRICS_TOKEN: BENCH_METRICS_TOKEN });
  console.error(`the demo backup finished: waited ${((await waitForIdleJobs(portal.url)) / 1000).toFixed(0)} s for an idle server`);
  const chrome = await chromeLauncher.launch({
    chromePath: ensureChromium(),
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  let browser: Browser | undefined;
  try {
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: { width: 1400, height: 900 } });
    const page = await browser.newPage();
    const base = portal.url;
    const rows: string[] = [];
    const fileLists: string[] = [];
    const blockingRuns = Number(process.env.BENCH_BLOCKING ?? 0);
    const blocking: { path: string; result: Blocking }[] = [];
    const profiles: string[] = [];
    const runLines: string[] = [];
    let signedIn = false;
    const only = process.env.BENCH_ROUTES?.split(',');
    for (const route of ROUTES.filter((r) => !only || only.includes(r.path))) {
      if (route.signedIn && !signedIn) {
        await signIn(page, base);
        signedIn = true;
      } else if (!route.signedIn && signedIn) {
        await signOut(page, base);
        signedIn = false;
      }
      const { files, ms } = await weigh(page, base, route);
      const mobile = withLighthouse ? await audits(lighthouse, desktopConfig, page, `${base}${route.path}`, 'mobile', route.signedIn) : undefined;
      const desktop = withLighthouse ? await audits(lighthouse, desktopConfig, page, `${base}${route.path}`, 'desktop', route.signedIn) : undefined;
      if (mobile)
        runLines.push(`  ${route.path.padEnd(15)} mobile runs: score ${mobile.runs.map((run) => run.perf.toFixed(2)).join(' / ')}; TBT ${mobile.runs.map((run) => Math.round(run.tbt)).join(' / ')} ms; LCP ${mobile.runs.map((run) => (run.lcp / 1000).toFixed(2)).join(' / ')} s; host benchmark index ${Math.round(mobile.benchmarkIndex)}`);
      if (blockingRuns > 0) blocking.push({ path: route.path, result: await mainThreadBlocking(page, `${base}${route.path}`, blockingRuns) });
      if (process.env.BENCH_PAGE_PROFILE === '1') profiles.push(...profileLines(route.path, await profilePageLoad(page, `${base}${route.path}`)));
      const a11y = mobile ? mobile.a11y.toFixed(2) : '-';
      rows.push(
        `${route.path.padEnd(15)} ${String(files.length).padStart(5)} ${kb(sum(files, 'gzip')).padStart(9)} ${kb(sum(files, 'brotli')).padStart(9)} ${String(ms).padStart(6)}   ${fmtScores(mobile)}   ${fmtScores(desktop)} ${a11y.padStart(5)}`,
      );
      for (const failure of new Set([...(mobile?.a11yFailures ?? []), ...(desktop?.a11yFailures ?? [])])) fileLists.push(`${route.path} accessibility: ${failure}`);
      console.error(`measured ${route.path}`);
      if (process.env.BENCH_FILES === '1')
        fileLists.push(`${route.path}:`, ...files.sort((a, b) => b.gzip - a.gzip).map((f) => `  ${kb(f.gzip).padStart(7)}  ${new URL(f.url).pathname}`));
    }
    const walked = only ? undefined : await walk(page, base);

    console.log('JavaScript until the page is usable (cold cache, unthrottled; /login: the app taking over after a key at load); Lighthouse mobile (simulated slow 4G, 4x CPU) and desktop');
    console.log(`${'route'.padEnd(15)} ${'files'.padStart(5)} ${'gzip KB'.padStart(9)} ${'br KB'.padStart(9)} ${'ms'.padStart(6)}   ${'mob'.padStart(5)} ${'LCP s'.padStart(6)} ${'TBT ms'.padStart(6)} ${'CLS'.padStart(5)}   ${'desk'.padStart(5)} ${'LCP s'.padStart(6)} ${'TBT ms'.padStart(6)} ${'CLS'.padStart(5)} ${'a11y'.padStart(5)}`);
    for (const row of rows) console.log(row);
    if (runLines.length) console.log([`Lighthouse: ${LIGHTHOUSE_RUNS > 1 ? `medians of ${LIGHTHOUSE_RUNS} runs each` : 'one run each'} (BENCH_LIGHTHOUSE_RUNS)`, ...runLines].join('\n'));
    for (const line of fileLists) console.log(line);
    if (blocking.length) {
      console.log(`main-thread blocking on a phone at 4x CPU (Chromium trace, first 7 s, median of ${blockingRuns}): sum of (task - 50 ms) over longer tasks`);
      for (const { path, result } of blocking) {
        console.log(`  ${path.padEnd(15)} ${String(result.blockingMs).padStart(6)} ms in ${String(result.longTasks).padStart(3)} long tasks, longest ${String(result.longestMs).padStart(5)} ms; CSS rules compiled ${result.rules.compiled}, taken over from the snapshot ${result.rules.keptOver}`);
        for (const task of result.tasks)
          console.log(`    ${task.startMs.toFixed(0).padStart(6)} +${task.ms.toFixed(0)}: ${task.parts.map(([what, ms]) => `${what} ${ms.toFixed(0)}`).join(', ')}`);
      }
    }
    for (const line of profiles) console.log(line);
    if (!walked) return;
    console.log('');
    console.log(`signed-in walk through ${WALK.length} routes (${USER}): ${walked.files.length} JS files, ${kb(sum(walked.files, 'gzip'))} KB gzip, ${kb(sum(walked.files, 'brotli'))} KB brotli in total`);
    for (const { path, remote, ms, hovered } of walked.firstVisit)
      console.log(`  first visit of ${remote.padEnd(17)} ${path.padEnd(15)} content shown in ${String(ms).padStart(5)} ms${hovered ? ' (menu entry hovered 300 ms before)' : ''}`);
  } finally {
    await browser?.disconnect();
    chrome.kill();
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
