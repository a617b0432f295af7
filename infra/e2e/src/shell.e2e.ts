import { FIRST_SCRIPTS_ELEMENT_ID, SHELL_SNAPSHOT_ELEMENT_ID, storageKeys } from '@portal/config';
import type { Browser, Page } from 'playwright-core';
import { describeViolations, seriousViolations } from './a11y';
import { appTookOver, holdAppEntry, signIn } from './browser';
import { hostShares } from './host-shares';
import { usePortalSuite } from './suite';
import { SPEC_DISPLAY_DEFAULTS } from './spec-display-defaults';

const suite = usePortalSuite();

const DEFAULTS = SPEC_DISPLAY_DEFAULTS;

async function signedIn(username: string, options: { width?: number; height?: number; settings?: object; bypassCSP?: boolean } = {}) {
  const context = await suite.browser.newContext({
    baseURL: suite.portal.url,
    viewport: { width: options.width ?? 1400, height: options.height ?? 900 },
    bypassCSP: options.bypassCSP ?? false,
  });
  if (options.settings) {
    const value = JSON.stringify({ ...DEFAULTS, ...options.settings });
    // Only when the key is missing: a reload must show what the page itself stored.
    await context.addInitScript((v) => {
      if (!localStorage.getItem('berry-config')) localStorage.setItem('berry-config', v);
    }, value);
  }
  const page = await context.newPage();
  await signIn(page, username);
  await page.waitForURL('**/dashboard');
  await page.getByRole('navigation', { name: /Main menu|Menu principal/ }).waitFor();
  return { context, page };
}

const berryConfig = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('berry-config') ?? 'null'));
const mainMenu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

async function openSettings(page: Page) {
  await page.getByRole('button', { name: 'Open display settings' }).click();
  const panel = page.getByRole('dialog', { name: 'Display settings' });
  await panel.waitFor();
  return panel;
}

test('every display setting is applied at once and kept across a reload', async () => {
  const { context, page } = await signedIn('customer');
  // Nothing chosen yet: the spec defaults (stored once the settings store starts, or not at all).
  expect([null, DEFAULTS]).toContainEqual(await berryConfig(page));
  const panel = await openSettings(page);
  await panel.getByRole('radio', { name: 'Dark' }).check();
  await panel.getByRole('radio', { name: 'Theme 2' }).check();
  await panel.getByRole('radio', { name: 'Roboto' }).check();
  const slider = panel.getByRole('slider', { name: 'Border radius' });
  await slider.focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await panel.getByRole('switch', { name: 'Boxed container' }).check();
  await panel.getByRole('switch', { name: 'Filled input fields' }).uncheck();
  await panel.getByRole('radio', { name: 'Mini drawer' }).check();
  await panel.getByRole('radio', { name: 'Horizontal' }).check();
  await panel.getByRole('radio', { name: 'Right to left' }).check();
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');

  const expected = {
    ...DEFAULTS,
    navType: 'dark',
    presetColor: 'theme2',
    fontFamily: `'Roboto', sans-serif`,
    borderRadius: 12,
    container: true,
    outlinedFilled: false,
    drawerType: 'mini-drawer',
    layout: 'horizontal',
    rtlLayout: true,
  };
  expect(await berryConfig(page)).toEqual(expected);

  const look = () =>
    page.evaluate(() => {
      const body = getComputedStyle(document.body);
      return { dir: document.documentElement.dir, background: body.backgroundColor, font: body.fontFamily };
    });
  const before = await look();
  expect(before).toEqual({ dir: 'rtl', background: 'rgb(17, 25, 54)', font: expect.stringContaining('Roboto') });

  await page.reload();
  await mainMenu(page).waitFor();
  expect(await berryConfig(page)).toEqual(expected);
  expect(await look()).toEqual(before);
  // Horizontal layout: the menu is a bar in the top bar, not a drawer.
  expect(await page.locator('#main-menu-drawer').count()).toBe(0);
  expect(await mainMenu(page).getByRole('button', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
  // The bundled font is served by the portal itself (CSP: fonts from 'self') and used.
  await page.evaluate(() => document.fonts.ready);
  expect(await page.evaluate(() => [...document.fonts].some((f) => f.family === 'Roboto' && f.status === 'loaded'))).toBe(true);

  const reopened = await openSettings(page);
  for (const name of ['Dark', 'Theme 2', 'Roboto', 'Mini drawer', 'Horizontal', 'Right to left']) {
    expect(await reopened.getByRole('radio', { name }).isChecked()).toBe(true);
  }
  expect(await reopened.getByRole('slider', { name: 'Border radius' }).inputValue()).toBe('12');
  expect(await reopened.getByRole('switch', { name: 'Boxed container' }).isChecked()).toBe(true);
  expect(await reopened.getByRole('switch', { name: 'Filled input fields' }).isChecked()).toBe(false);
  await context.close();
});

test('the language preference is kept across a reload and cleared at logout', async () => {
  const { context, page } = await signedIn('partner');
  const panel = await openSettings(page);
  await panel.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: 'Français' }).click();
  await page.getByRole('dialog', { name: "Réglages d'affichage" }).waitFor();
  await page.keyboard.press('Escape');
  await page.getByRole('navigation', { name: 'Menu principal' }).waitFor();
  await page.reload();
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await nav.getByRole('button', { name: 'Tableau de bord' }).waitFor();
  expect(await page.evaluate(() => [document.documentElement.lang, localStorage.getItem('language')])).toEqual(['fr', 'fr']);
  await page.getByRole('button', { name: 'Ouvrir le menu du profil' }).click();
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click();
  await page.waitForURL('**/login');
  // The sign-in page in English is what the user sees; the document's lang follows in the same commit's effects.
  await page.getByRole('heading', { name: 'Sign in' }).waitFor();
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  expect(await page.evaluate(() => localStorage.getItem('language'))).toBeNull();
  await context.close();
});

async function topLevelEntries(page: Page): Promise<string[]> {
  const bar = page.getByTestId('horizontal-menu-bar');
  return (await bar.locator(':scope > button').allInnerTexts()).map((t) => t.trim());
}

test('the horizontal menu collapses what does not fit into "More Items" at a narrow width', async () => {
  const { context, page } = await signedIn('customer', { settings: { layout: 'horizontal' } });
  const wide = await topLevelEntries(page);
  // 8 entries, at most 6 shown: the Settings and Support groups go to More Items even on a wide screen.
  expect(wide).toEqual(['Dashboard', 'Backup', 'Restore', 'Jobs', 'User Activity', 'Alerts', 'More Items']);

  // A tablet width: the bar stays (from 600 px up) but no longer holds every entry.
  await page.setViewportSize({ width: 720, height: 900 });
  await page.waitForFunction(() => document.querySelectorAll('[data-testid="horizontal-menu-bar"] > button').length < 7);
  const narrow = await topLevelEntries(page);
  expect(narrow.length).toBeLessThan(wide.length);
  expect(narrow[narrow.length - 1]).toBe('More Items');
  const bar = await page.getByTestId('horizontal-menu-bar').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(bar.scroll).toBeLessThanOrEqual(bar.client);

  await mainMenu(page).getByRole('button', { name: 'More Items' }).click();
  const more = page.getByRole('menu');
  await more.waitFor();
  const hidden = wide.filter((e) => !narrow.includes(e) && e !== 'Settings' && e !== 'More Items');
  for (const entry of hidden) expect(await more.getByRole('menuitem', { name: entry }).count()).toBe(1);
  expect(await more.getByRole('menuitem', { name: 'Feedback' }).count()).toBe(1);
  await more.getByRole('menuitem', { name: 'Feedback' }).click();
  await page.getByRole('dialog').first().waitFor();
  await context.close();
});

const drawerWidth = (page: Page) => page.locator('#main-menu-drawer').evaluate((el) => Math.round(el.getBoundingClientRect().width));
const navWidth = (page: Page) => mainMenu(page).evaluate((el) => Math.round(el.getBoundingClientRect().width));

test('the drawer is 260 px open, 72 px as a mini drawer, and toggled by the menu button', async () => {
  const { context, page } = await signedIn('admin');
  expect(await drawerWidth(page)).toBe(260);
  expect(await navWidth(page)).toBe(260);
  const toggle = page.getByRole('button', { name: 'Toggle menu' });
  await toggle.click();
  await page.waitForFunction(() => document.querySelector('nav[aria-label="Main menu"]')!.getBoundingClientRect().width === 0);
  expect(await toggle.getAttribute('aria-expanded')).toBe('false');
  await toggle.click();
  await page.waitForFunction(() => document.querySelector('nav[aria-label="Main menu"]')!.getBoundingClientRect().width === 260);

  const panel = await openSettings(page);
  await panel.getByRole('radio', { name: 'Mini drawer' }).check();
  await page.keyboard.press('Escape');
  await page.waitForFunction(() => document.getElementById('main-menu-drawer')!.getBoundingClientRect().width === 72);
  expect(await navWidth(page)).toBe(72);
  // Icon-only entries keep their names.
  await mainMenu(page).getByRole('button', { name: 'User Management' }).waitFor();
  await toggle.click();
  await page.waitForFunction(() => document.getElementById('main-menu-drawer')!.getBoundingClientRect().width === 260);
  await page.reload();
  await mainMenu(page).waitFor();
  expect(await drawerWidth(page)).toBe(260);
  await context.close();
});

test('right-to-left mirrors the shell and the remote pages', async () => {
  const { context, page } = await signedIn('customer', { settings: { rtlLayout: true } });
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  const viewport = page.viewportSize()!;
  const drawer = await page.locator('#main-menu-drawer').boundingBox();
  expect(Math.round(drawer!.x + drawer!.width)).toBe(viewport.width);
  const main = await page.locator('main').boundingBox();
  expect(main!.x + main!.width).toBeLessThanOrEqual(drawer!.x + 1);
  const toggle = await page.getByRole('button', { name: 'Toggle menu' }).boundingBox();
  const profile = await page.getByRole('button', { name: 'Open profile menu' }).boundingBox();
  expect(profile!.x).toBeLessThan(toggle!.x);

  // A remote page renders through the host's RTL Emotion cache (@emotion/react is one shared singleton).
  await mainMenu(page).getByRole('button', { name: 'Profile' }).click();
  await page.waitForURL('**/profile');
  await page.locator('main h1').first().waitFor();
  const classes = await page.locator('main h1').first().getAttribute('class');
  expect(classes).toMatch(/\bmuirtl-/);
  const { '@emotion/react': emotion } = await hostShares(page);
  expect({ loaded: emotion.loaded, fromHostBuild: emotion.fromHostBuild, copies: emotion.viaScope.length <= 1 }).toEqual({ loaded: true, fromHostBuild: true, copies: true });
  await context.close();
});

test('a role that may not see a route gets 403; an unknown path gets 404 inside the shell', async () => {
  const { context, page } = await signedIn('customer');
  await page.goto('/user-management');
  await page.getByRole('heading', { name: '403', level: 1 }).waitFor();
  await page.getByText('Access denied').waitFor();
  await mainMenu(page).waitFor();
  await page.goto('/no-such-page');
  await page.getByRole('heading', { name: '404', level: 1 }).waitFor();
  await page.getByText('Page not found').waitFor();
  await mainMenu(page).waitFor();
  await page.getByRole('link', { name: 'Back to Dashboard' }).click();
  await page.waitForURL('**/dashboard');
  await context.close();
});

test('keyboard: skip link, menu button, menu entries, profile menu and the settings dialog', async () => {
  const { context, page } = await signedIn('customer');
  await page.locator('body').focus();
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Skip to main content');
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Toggle menu');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('[aria-label="Toggle menu"]')!.getAttribute('aria-expanded') === 'false');
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => document.querySelector('[aria-label="Toggle menu"]')!.getAttribute('aria-expanded') === 'true');

  // Tab order reaches the menu entries after the top bar.
  let reached = '';
  for (let i = 0; i < 8 && reached !== 'Backup'; i += 1) {
    await page.keyboard.press('Tab');
    reached = (await page.evaluate(() => (document.activeElement as HTMLElement | null)?.innerText ?? '')).trim();
  }
  expect(reached).toBe('Backup');
  await page.keyboard.press('Enter');
  await page.waitForURL('**/backup');

  await page.getByRole('button', { name: 'Open profile menu' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menu').waitFor();
  await page.waitForFunction(() => document.activeElement?.textContent === 'Change Password');
  await page.keyboard.press('ArrowDown');
  expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Logout');
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'detached' });
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Open profile menu');

  await page.getByRole('button', { name: 'Open display settings' }).focus();
  await page.keyboard.press('Enter');
  const panel = page.getByRole('dialog', { name: 'Display settings' });
  await panel.waitFor();
  expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await panel.waitFor({ state: 'detached' });
  await context.close();
});

async function axeOn(browser: Browser, url: string, navType: 'light' | 'dark', username?: string) {
  const context = await browser.newContext({ baseURL: suite.portal.url, viewport: { width: 1400, height: 900 }, bypassCSP: true });
  await context.addInitScript((v) => localStorage.setItem('berry-config', v), JSON.stringify({ ...DEFAULTS, navType }));
  const page = await context.newPage();
  if (username) {
    await signIn(page, username);
    await page.waitForURL('**/dashboard');
    await mainMenu(page).waitFor();
    if (url !== '/dashboard') await page.goto(url);
  } else {
    await page.goto(url);
    // The app's page, in the mode under test (the prerendered one is drawn in the default light mode).
    await appTookOver(page);
    await page.getByRole('button', { name: 'Sign In' }).waitFor();
  }
  // Let entry animations finish so colours are measured at rest.
  await page.waitForTimeout(400);
  const violations = await seriousViolations(page);
  await context.close();
  return violations;
}

describe.each(['light', 'dark'] as const)('axe-core, %s', (navType) => {
  test('the login page has no serious or critical violation', async () => {
    const violations = await axeOn(suite.browser, '/login', navType);
    expect(describeViolations(violations)).toBe('');
  });

  test('the shell has no serious or critical violation', async () => {
    const violations = await axeOn(suite.browser, '/dashboard', navType, 'customer');
    expect(describeViolations(violations)).toBe('');
  });
});

test('a signed-in visit starts in short tasks: the entry inserts no chunk while it evaluates, and ICU starts on a worker before the page first formats a date or number', async () => {
  const { context, page } = await signedIn('customer');
  await page.goto('about:blank');
  // Recorded from the page's first script on: each script element inserted while the entry's own
  // script runs (webpack's chunk loading, in the entry's task); the workers the page starts, and how
  // many had started when the page first formatted a date or number (shared/mf-build's intl-warm.cjs);
  // any content security policy violation (a refused worker would be one) and worker error.
  await context.addInitScript(() => {
    const seen = window as unknown as { entryInserted: string[]; workers: string[]; workerErrors: number; violations: string[]; workersAtFirstFormat?: number };
    seen.entryInserted = [];
    seen.workers = [];
    seen.workerErrors = 0;
    seen.violations = [];
    const appendChild = Node.prototype.appendChild;
    Node.prototype.appendChild = function <T extends Node>(this: Node, node: T): T {
      const running = document.currentScript as HTMLScriptElement | null;
      if (node instanceof HTMLScriptElement && running?.src.includes('/main.')) seen.entryInserted.push(node.src);
      return appendChild.call(this, node) as T;
    };
    window.Worker = new Proxy(Worker, {
      construct(target, args: ConstructorParameters<typeof Worker>) {
        seen.workers.push(String(args[0]));
        const worker = Reflect.construct(target, args) as Worker;
        worker.addEventListener('error', () => (seen.workerErrors += 1));
        return worker;
      },
    });
    document.addEventListener('securitypolicyviolation', (event) => seen.violations.push(event.effectiveDirective));
    // Every way the pages format a date or a number with ICU.
    const formatting = () => (seen.workersAtFirstFormat ??= seen.workers.length);
    for (const name of ['DateTimeFormat', 'NumberFormat'] as const) {
      (Intl as Record<string, unknown>)[name] = new Proxy(Intl[name], {
        construct(target, args: unknown[]) {
          formatting();
          return Reflect.construct(target, args) as object;
        },
      });
    }
    const methods: Array<[object, string]> = [
      [Date.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleDateString'],
      [Date.prototype, 'toLocaleTimeString'],
      [Number.prototype, 'toLocaleString'],
    ];
    for (const [owner, name] of methods) {
      const original = (owner as Record<string, (...args: unknown[]) => string>)[name];
      Object.defineProperty(owner, name, {
        value(this: unknown, ...args: unknown[]) {
          formatting();
          return original.apply(this, args);
        },
        configurable: true,
        writable: true,
      });
    }
  });
  await page.goto('/dashboard');
  await page.getByRole('list', { name: 'Summary' }).waitFor();
  await page.waitForFunction(() => (window as unknown as { workersAtFirstFormat?: number }).workersAtFirstFormat !== undefined);
  const seen = await page.evaluate(() => {
    const { entryInserted, workers, workerErrors, violations, workersAtFirstFormat } = window as unknown as Record<string, unknown>;
    return { entryInserted, workers, workerErrors, violations, workersAtFirstFormat };
  });
  expect(seen).toEqual({ entryInserted: [], workers: [expect.stringMatching(/^\/intl-warm\.[0-9a-f]{20}\.js$/)], workerErrors: 0, violations: [], workersAtFirstFormat: 1 });
  await context.close();
});

test('a signed-in visit paints the shell as last drawn before the app runs, hidden from assistive technology; the app replaces it; signing out forgets it', async () => {
  const { context, page } = await signedIn('customer');
  // Leaving the page keeps the shell as drawn.
  await page.goto('about:blank');
  const release = await holdAppEntry(page);
  await page.goto('/backup', { waitUntil: 'domcontentloaded' });
  // Painted (the browser reports its largest text), while the app has not run.
  const largestPaint = await page.evaluate(
    () => new Promise<number>((resolve) => new PerformanceObserver((list) => resolve((list.getEntries().at(-1) as LargestContentfulPaint | undefined)?.size ?? 0)).observe({ type: 'largest-contentful-paint', buffered: true })),
  );
  expect(largestPaint).toBeGreaterThan(0);
  expect(await page.evaluate(() => '__FEDERATION__' in window)).toBe(false);
  const overlay = page.locator(`#${SHELL_SNAPSHOT_ELEMENT_ID}`);
  await expect(overlay.evaluate((el) => [el.hasAttribute('inert'), el.getAttribute('aria-hidden'), el.shadowRoot])).resolves.toEqual([true, 'true', null]);
  // Nothing in it can be reached by role: the menu is not there yet for a screen reader.
  await expect(page.getByRole('navigation', { name: 'Main menu' }).count()).resolves.toBe(0);
  // What was kept: the shell, not the dashboard it was left on.
  const kept = await page.evaluate((key) => JSON.parse(localStorage.getItem(key) ?? '{}').html as string, storageKeys.shellSnapshot);
  expect(kept).toContain('aria-label="Main menu"');
  expect(kept).not.toContain('Signed in as');

  // The entry's script comes last, once the first page's and the signed-in shell's chunks are preloaded.
  await page.waitForFunction(() => document.querySelector('script[src*="/main."]'));
  const scripts = await page.evaluate((id) => {
    const list = JSON.parse(document.getElementById(id)?.textContent ?? '{}') as { chunks: string[]; signedIn: string[] };
    const preloaded = [...document.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="script"]')].map((link) => new URL(link.href).pathname);
    return { ...list, preloaded };
  }, FIRST_SCRIPTS_ELEMENT_ID);
  expect(scripts.signedIn.length).toBeGreaterThan(0);
  expect(scripts.preloaded).toEqual(expect.arrayContaining([...scripts.chunks, ...scripts.signedIn]));

  release();
  await page.getByRole('heading', { name: 'Backup', level: 1 }).waitFor();
  // Each of the signed-in shell's chunks is one the app ran, none downloaded for nothing: a chunk
  // file registers its chunk ids in webpack's global list when it runs (`.push([[ids], …`).
  const chunkIds = await page.evaluate(async (files) => {
    const idsOf = async (file: string) => /\.push\(\[\[([^\]]*)\]/.exec(await (await fetch(file)).text())?.[1] ?? `none in ${file}`;
    const ran = ((window as unknown as { webpackChunkhost?: [(string | number)[]][] }).webpackChunkhost ?? []).map(([ids]) => ids.join(','));
    return { preloaded: await Promise.all(files.map(idsOf)), ran };
  }, scripts.signedIn);
  expect(chunkIds.ran).toEqual(expect.arrayContaining(chunkIds.preloaded));
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  await expect(overlay.count()).resolves.toBe(0);
  // The app's style cache took over the rules kept of the last visit (as Emotion's server-rendered
  // styles): the menu's styles are drawn from them and none is compiled again.
  const menuStyles = await page.evaluate(() => {
    const names = [...document.querySelectorAll('nav[aria-label="Main menu"], nav[aria-label="Main menu"] [class]')].flatMap((el) => [...el.classList].filter((c) => c.startsWith('mui-')));
    const rules = (selector: string) => [...document.querySelectorAll<HTMLStyleElement>(selector)].flatMap((style) => [...(style.sheet?.cssRules ?? [])].map((rule) => rule.cssText));
    const kept = rules('style[data-emotion^="mui "]');
    const compiled = rules('style[data-emotion="mui"]');
    const uses = (list: string[], name: string) => list.some((rule) => new RegExp(`\\.${name}(?![\\w-])`).test(rule));
    return { fromKept: names.filter((name) => uses(kept, name)).length, compiledAgain: names.filter((name) => uses(kept, name) && uses(compiled, name)).length };
  });
  expect(menuStyles.fromKept).toBeGreaterThan(0);
  expect(menuStyles.compiledAgain).toBe(0);

  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  await expect(page.evaluate((key) => localStorage.getItem(key), storageKeys.shellSnapshot)).resolves.toBeNull();
  await context.close();
});
