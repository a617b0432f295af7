import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Page } from 'playwright-core';
import { appTookOver, newPage, signedInPage, signIn } from './browser';
import { REPO_ROOT } from './portal';
import { hostShares, loadedNames } from './host-shares';
import { usePortalSuite } from './suite';

// The build's two groups of @mui/material folders (one file each): what every component needs, and what the signed-in shell draws.
const { MUI_CORE_FOLDERS, MUI_SHELL_COMPONENTS } = require('@portal/mf-build') as { MUI_CORE_FOLDERS: string[]; MUI_SHELL_COMPONENTS: string[] };


const suite = usePortalSuite();


async function currentVersion(name: string): Promise<string> {
  const { remotes } = await (await fetch(`${suite.portal.url}/remotes.json`)).json();
  return remotes.find((r: { name: string }) => r.name === name).version;
}

function versionDir(name: string, version: string): string {
  return path.join(suite.portal.dataDir, 'remote-store', name, version);
}

async function heading(page: Page, name: string | RegExp) {
  await page.getByRole('heading', { name }).first().waitFor();
}

// Loaded by the host itself on every signed-in page.
const SINGLETONS = [
  'react',
  'react-dom',
  'react-router-dom',
  '@mui/material/styles',
  '@mui/material/Button',
  '@emotion/react',
  'zustand',
  '@tanstack/react-query',
  '@portal/auth-bridge',
  '@portal/request',
  '@portal/data',
  '@portal/ui',
];

// Singletons the host's first pages (sign-in, dashboard) no longer use: loaded once, by whichever
// page needs them first (a remote's form, here).
const FIRST_USED_BY_A_PAGE = ['react-hook-form', 'zod'];

// Shared per subpath (shared/mf-build: mui-subpaths.cjs, HOST_PROVIDES): the host provides every one.
const PER_SUBPATH = /^(@mui\/material(\/|$)|@portal\/ui\/(kit|form)$)/;

test('every shared singleton is loaded once, the host\'s instance, across host and all four remotes', async () => {
  const { context, page } = await signedInPage(suite.browser, suite.portal.url, 'customer');
  // one page of each remote: backup_sets, account_settings, support, admin_ops
  for (const [url, title] of [
    ['/backup', 'Backup'],
    ['/profile', 'Profile'],
    ['/support', 'Support'],
    ['/user-activity', 'User Activity'],
  ] as const) {
    await page.getByRole('navigation', { name: 'breadcrumb' }).waitFor();
    await page.evaluate((u) => {
      window.history.pushState({}, '', u);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, url);
    await heading(page, title);
  }
  const shares = await hostShares(page);
  const loaded = loadedNames(shares);
  const registeredBy = await page.evaluate(() => Object.keys((window as unknown as { __FEDERATION__: { __SHARE__: object } }).__FEDERATION__.__SHARE__));
  for (const name of [...SINGLETONS, ...FIRST_USED_BY_A_PAGE]) expect({ name, loaded: loaded.includes(name) }).toEqual({ name, loaded: true });
  // Whatever a remote took from the share scope is the host's own instance, one entry per module:
  // remotes provide nothing, and a module the host's pages and a remote's both use exists once.
  for (const [name, state] of Object.entries(shares)) expect({ name, fromHostBuild: state.fromHostBuild, copies: state.viaScope.length }).toEqual({ name, fromHostBuild: true, copies: state.viaScope.length ? 1 : 0 });
  const viaScope = Object.keys(shares).filter((name) => shares[name].viaScope.length);
  for (const name of ['react', 'react/jsx-runtime', '@portal/ui/kit']) expect({ name, viaScope: viaScope.includes(name) }).toEqual({ name, viaScope: true });
  // Never all of @mui/material: only the components the pages render, each once.
  const perSubpath = loaded.filter((name) => PER_SUBPATH.test(name));
  expect(perSubpath).not.toContain('@mui/material');
  expect(perSubpath).toEqual(expect.arrayContaining(['@mui/material/styles', '@portal/ui/kit']));
  const hostProvides = new Set(JSON.parse(fs.readFileSync(path.join(REPO_ROOT, 'host', 'dist', 'mf-manifest.json'), 'utf8')).shared.map((s: { name: string }) => s.name));
  for (const name of viaScope) expect({ name, providedByHost: hostProvides.has(name) }).toEqual({ name, providedByHost: true });
  // The host's instance created the share scope every remote joined.
  expect(registeredBy[0]).toMatch(/^host(:|$)/);
  await context.close();
});

// The host provides the shared modules and imports them as its own modules: it negotiates none of
// them through the share scope (that was most of its start-up task on a phone, issue 21). Only a remote
// loads share-scope entries (a remote may start early: pointing at the menu, or the idle prefetch).
test('the host loads its shared modules without negotiating them: it loads no share-scope entry itself', async () => {
  const { context, page } = await signedInPage(suite.browser, suite.portal.url, 'customer');
  await page.getByRole('list', { name: 'Summary' }).waitFor();
  const shares = await hostShares(page);
  expect(loadedNames(shares)).toEqual(expect.arrayContaining(['react', 'react-dom', '@emotion/react', '@mui/material/styles', '@portal/ui']));
  const byHost = Object.entries(shares).filter(([, state]) => state.viaScope.some((label) => / from host$/.test(label)));
  expect(byHost).toEqual([]);
  await context.close();
});

// The sign-in page loads what the form needs, not what signed-in pages use (page weight, issue 21):
// its fields are not MUI's TextField, which imports Select, Menu, Popover and Modal, and its two
// fields are checked without a form library.
const NOT_ON_SIGN_IN = ['@tanstack/react-query', '@portal/data', '@portal/ui/kit', '@portal/ui/form', '@mui/material/TextField', 'react-hook-form'];

// zod is shared as the list of functions the apps call (shared/mf-build's zod-share.mjs), and its
// core names every schema class with this string, which minifying keeps: found in the scripts
// themselves, whichever chunk holds it.
const ZOD_MARKER = '$ZodType';

/** The bodies of the scripts the page downloads from now on. */
function scriptBodies(page: Page): Promise<string>[] {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (/\.js(\?|$)/.test(response.url()) && response.status() === 200) bodies.push(response.text().catch(() => ''));
  });
  return bodies;
}

test('the sign-in page loads neither zod, react-hook-form, the query layer, the list kit, the form kit nor MUI and Emotion; its router comes from the host', async () => {
  const { context, page } = await newPage(suite.browser, suite.portal.url);
  const scripts = scriptBodies(page);
  await page.goto('/login');
  await appTookOver(page);
  await page.getByRole('button', { name: 'Sign In' }).waitFor();
  const loaded = loadedNames(await hostShares(page));
  for (const name of NOT_ON_SIGN_IN) expect({ name, loaded: loaded.includes(name) }).toEqual({ name, loaded: false });
  // The sign-in page is plain elements and a small stylesheet: no MUI component, no Emotion.
  expect(loaded.filter((name) => /^@(mui|emotion)\//.test(name))).toEqual([]);
  expect(loaded).not.toContain('@portal/ui');
  expect(loaded).toEqual(expect.arrayContaining(['@portal/ui/base', 'react-router-dom']));
  const onSignIn = scripts.length;
  expect((await Promise.all(scripts)).filter((body) => body.includes(ZOD_MARKER))).toEqual([]);
  // The registration form validates with its zod schema: the marker is found once zod is loaded.
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.getByRole('heading', { name: 'Register' }).waitFor();
  expect((await Promise.all(scripts.slice(onSignIn))).some((body) => body.includes(ZOD_MARKER))).toBe(true);
  await context.close();
});

test('a remote whose files are gone shows an error panel with Retry; other routes keep working', async () => {
  const version = await currentVersion('support');
  const dir = versionDir('support', version);
  fs.renameSync(dir, `${dir}.away`);
  const { context, page } = await newPage(suite.browser, suite.portal.url);
  try {
    await signIn(page, 'customer');
    await page.waitForURL('**/dashboard');
    await page.goto('/support-tickets');
    await page.getByText('This part of the portal could not be loaded.').waitFor();
    // still inside the shell
    await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
    await page.goto('/profile');
    await heading(page, 'Profile');
    // the profile remote loaded the signed-in user's own data
    await page.waitForFunction(() => (document.querySelector('input[autocomplete="email"]') as HTMLInputElement | null)?.value === 'customer@demo.example');
    await page.goto('/backup');
    await heading(page, 'Backup');
    // the remote comes back: Retry loads it without a page reload
    await page.goto('/support-tickets');
    await page.getByText('This part of the portal could not be loaded.').waitFor();
    fs.renameSync(`${dir}.away`, dir);
    await page.getByRole('button', { name: 'Retry' }).click();
    await heading(page, 'Support Tickets');
  } finally {
    if (fs.existsSync(`${dir}.away`)) fs.renameSync(`${dir}.away`, dir);
    await context.close();
  }
});

test('a remote entry that does not match its registry integrity is refused (fails closed)', async () => {
  const version = await currentVersion('account_settings');
  const entry = path.join(versionDir('account_settings', version), 'remoteEntry.js');
  const original = fs.readFileSync(entry);
  // The server prefers the precompressed siblings; tamper with every form it could serve.
  const siblings = ['.br', '.gz'].map((ext) => [`${entry}${ext}`, fs.readFileSync(`${entry}${ext}`)] as const);
  const tampered = Buffer.concat([original, Buffer.from('\n;window.__tampered = true;\n')]);
  fs.writeFileSync(entry, tampered);
  fs.writeFileSync(`${entry}.br`, zlib.brotliCompressSync(tampered));
  fs.writeFileSync(`${entry}.gz`, zlib.gzipSync(tampered));
  const { context, page } = await newPage(suite.browser, suite.portal.url);
  try {
    await signIn(page, 'admin');
    await page.waitForURL('**/dashboard');
    await page.goto('/profile');
    await page.getByText('This part of the portal could not be loaded.').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __tampered?: boolean }).__tampered)).toBeUndefined();
    await page.goto('/health-check');
    await heading(page, 'Health Check');
  } finally {
    fs.writeFileSync(entry, original);
    for (const [file, bytes] of siblings) fs.writeFileSync(file, bytes);
    await context.close();
  }
});

test('every script the portal loads is pinned to the hash the server recorded; a changed chunk of a remote fails closed', async () => {
  const { context, page } = await signedInPage(suite.browser, suite.portal.url, 'admin');
  // webpack removes a chunk's script element once it ran: note each one as it is added.
  await context.addInitScript(() => {
    const seen: { src: string; integrity: string }[] = [];
    (window as unknown as { __scripts: typeof seen }).__scripts = seen;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (node instanceof HTMLScriptElement && node.src) seen.push({ src: node.src, integrity: node.integrity });
    }).observe(document, { childList: true, subtree: true });
  });
  const version = await currentVersion('account_settings');
  let chunks: string[] = [];
  try {
    await page.goto('/profile');
    await heading(page, 'Profile');
    const scripts = await page.evaluate(() => [
      ...[...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => ({ src: s.src, integrity: s.integrity })),
      ...(window as unknown as { __scripts: { src: string; integrity: string }[] }).__scripts,
    ]);
    expect(scripts.filter((s) => !/^sha384-[A-Za-z0-9+/]{64}$/.test(s.integrity))).toEqual([]);
    chunks = scripts.map((s) => new URL(s.src).pathname).filter((p) => p.startsWith(`/remotes/account_settings/${version}/`) && !p.endsWith('/remoteEntry.js'));
    expect(chunks.length).toBeGreaterThan(0);
    expect(scripts.some((s) => new URL(s.src).pathname === '/' + path.basename(s.src) && !/^\/main\./.test(new URL(s.src).pathname))).toBe(true);
  } finally {
    await context.close();
  }

  // The server's hashes were recorded when the version was published: a file changed since is refused.
  const chunk = path.join(versionDir('account_settings', version), path.basename(chunks[0]));
  const forms = [chunk, `${chunk}.br`, `${chunk}.gz`].filter((file) => fs.existsSync(file)).map((file) => [file, fs.readFileSync(file)] as const);
  const tampered = Buffer.concat([fs.readFileSync(chunk), Buffer.from('\n;window.__tampered = true;\n')]);
  fs.writeFileSync(chunk, tampered);
  if (fs.existsSync(`${chunk}.br`)) fs.writeFileSync(`${chunk}.br`, zlib.brotliCompressSync(tampered));
  if (fs.existsSync(`${chunk}.gz`)) fs.writeFileSync(`${chunk}.gz`, zlib.gzipSync(tampered));
  const fresh = await signedInPage(suite.browser, suite.portal.url, 'admin');
  try {
    await fresh.page.goto('/profile');
    await fresh.page.getByText('This part of the portal could not be loaded.').waitFor();
    expect(await fresh.page.evaluate(() => (window as unknown as { __tampered?: boolean }).__tampered)).toBeUndefined();
  } finally {
    for (const [file, bytes] of forms) fs.writeFileSync(file, bytes);
    await fresh.context.close();
  }
});

test('ADMIN sees health of API, database and each remote version on /health-check', async () => {
  const { context, page } = await signedInPage(suite.browser, suite.portal.url, 'admin');
  await page.goto('/health-check');
  await heading(page, 'Health Check');
  for (const name of ['backup_sets', 'account_settings', 'support', 'admin_ops']) {
    await page.getByText(await currentVersion(name)).first().waitFor();
    await page.getByText(name).first().waitFor();
  }
  await page.getByText(/pglite/i).first().waitFor();
  await context.close();
});

test('a role that may not open a route gets the 403 page inside the shell; unknown paths get 404', async () => {
  const { context, page } = await signedInPage(suite.browser, suite.portal.url, 'customer');
  await page.goto('/health-check');
  await page.getByText(/403/).first().waitFor();
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  await page.goto('/no-such-page');
  await page.getByText(/404/).first().waitFor();
  await context.close();
});

test('the API reference at /backend/docs lists every endpoint descriptor, under the portal CSP', async () => {
  const { ENDPOINTS } = await import('@portal/contracts/endpoints');
  const { context, page } = await newPage(suite.browser, suite.portal.url);
  const refused: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) refused.push(message.text());
  });
  await page.goto('/backend/docs');
  await page.locator('.opblock').first().waitFor();
  expect(await page.locator('.opblock').count()).toBe(Object.keys(ENDPOINTS).length);
  await page.getByText('/support/tickets/{ticketId}/replies', { exact: true }).waitFor();
  expect(refused).toEqual([]);
  await context.close();
});

test("a signed-in dashboard's MUI components come from the build's two MUI files, not one file each", async () => {
  const { context, page } = await signedInPage(suite.browser, suite.portal.url, 'customer');
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  // The cards, drawn once the summary has arrived.
  await page.getByRole('list', { name: 'Summary' }).waitFor();
  const components = loadedNames(await hostShares(page))
    .filter((name) => name.startsWith('@mui/material/'))
    .map((name) => name.slice('@mui/material/'.length));
  expect(components.length).toBeGreaterThan(10);
  // A component the shell starts to draw goes into mui-shell-components.cjs, or the dashboard downloads it as a file of its own.
  expect(components.filter((name) => !MUI_CORE_FOLDERS.includes(name) && !MUI_SHELL_COMPONENTS.includes(name))).toEqual([]);
  const files = await page.evaluate(() => performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname).filter((file) => file.endsWith('.js')));
  expect(files.filter((file) => /^\/mui-(core|shell)\./.test(file))).toHaveLength(2);
  await context.close();
});

// Tooltip (with Popper) and Menu (with Popover) are not needed before the dashboard is ready (page
// weight, issue 21): the settings button's tooltip loads when idle (2 s on) or on first hover, a menu
// on its first opening. Read right when the menu shows, and again once a remote has started.
test('the dashboard is ready without Tooltip or Menu; hovering the settings button shows its tooltip, the profile menu opens', async () => {
  const { context, page } = await signedInPage(suite.browser, suite.portal.url, 'customer');
  await page.getByRole('navigation', { name: 'Main menu' }).waitFor();
  const ready = loadedNames(await hostShares(page));
  for (const name of ['@mui/material/Tooltip', '@mui/material/Menu']) expect({ name, loaded: ready.includes(name) }).toEqual({ name, loaded: false });
  const settings = page.getByRole('button', { name: 'Open display settings' });
  const before = await settings.elementHandle();
  await settings.hover();
  await page.getByRole('tooltip').getByText('Open display settings').waitFor();
  // The tooltip attached to the button already there: same element.
  expect(await before?.evaluate((button) => button.isConnected)).toBe(true);
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Logout' }).waitFor();
  const after = loadedNames(await hostShares(page));
  for (const name of ['@mui/material/Tooltip', '@mui/material/Menu']) expect({ name, loaded: after.includes(name) }).toEqual({ name, loaded: true });
  // Once a remote has started (pointing at its menu entry runs it), its own share-scope map lists
  // the same entries: still one copy each.
  await page.keyboard.press('Escape');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Backup' }).hover();
  await page.waitForFunction(() => Object.keys((window as unknown as { __FEDERATION__: { __SHARE__: object } }).__FEDERATION__.__SHARE__).length > 1);
  const withRemote = await hostShares(page);
  for (const name of ['@mui/material/Tooltip', '@mui/material/Menu'])
    expect({ name, loaded: withRemote[name].loaded, fromHostBuild: withRemote[name].fromHostBuild, copies: withRemote[name].viaScope.length <= 1 }).toEqual({ name, loaded: true, fromHostBuild: true, copies: true });
  await context.close();
});
