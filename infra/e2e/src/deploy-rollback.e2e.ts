import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiToken } from './api-token';
import { DEMO_PASSWORD, launchBrowser, newPage, signedInPage, signIn } from './browser';
import { REPO_ROOT, RunningPortal, runPortalCli, startPortal } from './portal';

jest.setTimeout(400_000);

let portal: RunningPortal;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let before: Record<string, string>;
const label = `e2e-${crypto.randomBytes(4).toString('hex')}`;
const timings: string[] = [];
let v1: string;
let v2: string;
let broken: string;
let tampered: string;

beforeAll(async () => {
  // Navigation may re-read the registry at once, so the test sees a deploy without waiting.
  portal = await startPortal({ PORTAL_REGISTRY_REFRESH_MS: '0' });
  browser = await launchBrowser();
  ({ context, page } = await newPage(browser, portal.url));
});
afterAll(async () => {
  console.log(`deploy/rollback timings:\n  ${timings.join('\n  ')}`);
  await context?.close();
  await browser?.close();
  await portal?.stop();
});

const cli = (args: string[], env: Record<string, string> = {}) => runPortalCli(portal, args, env);

async function deploy(env: Record<string, string>) {
  const result = await cli(['remote', 'deploy', 'support'], env);
  if (result.status !== 0) throw new Error(`deploy failed:\n${result.stdout}\n${result.stderr}`);
  timings.push(`deploy (${JSON.stringify(env)}): ${result.seconds.toFixed(1)} s wall; ${result.stdout.trim()}`);
  return result;
}

async function current(name: string): Promise<{ version: string; fallbacks: { version: string }[] }> {
  // A deploy can outlast the server's keep-alive (72 s on a busy machine): a pooled socket it
  // closed meanwhile fails once, a fresh one then answers.
  const read = () => fetch(`${portal.url}/remotes.json`);
  const { remotes } = await (await read().catch(read)).json();
  return remotes.find((r: { name: string }) => r.name === name);
}

/** sha256 of every file under the folders that must not change (the precompressed copies too). */
function hashTree(dirs: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, e.name);
      if (e.isDirectory()) walk(file);
      else out[file] = crypto.createHash('sha256').update(fs.readFileSync(file)).digest('hex');
    }
  };
  dirs.forEach(walk);
  return out;
}

function untouchedDirs(): string[] {
  const store = path.join(portal.dataDir, 'remote-store');
  const others = fs
    .readdirSync(store)
    .filter((name) => name !== 'support')
    .flatMap((name) => fs.readdirSync(path.join(store, name)).map((v) => path.join(store, name, v)));
  return [path.join(REPO_ROOT, 'host', 'dist'), ...others, path.join(store, 'support', v1)];
}

async function navigate(p: Page, url: string) {
  // In-app navigation (no reload): the router's history, as a click on a menu entry does.
  await p.evaluate((u) => {
    window.history.pushState({}, '', u);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

async function adminAlerts(): Promise<{ source: string; message: string }[]> {
  const token = await apiToken(portal.url, 'admin');
  const res = await fetch(`${portal.url}/backend/api/remotes/alerts`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()).alerts;
}

async function waitForAlert(source: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const sources = (await adminAlerts()).map((a) => a.source);
    if (sources.includes(source)) return;
    if (Date.now() > deadline) throw new Error(`no alert ${source}; alerts: ${sources.join(', ')}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

const buildLabel = (p: Page) => p.locator('[data-portal-build-label]');

test('deploy builds only the support remote; an open page loads it on navigation, a loaded one is offered a reload', async () => {
  v1 = (await current('support')).version;
  await signIn(page, 'customer');
  await page.waitForURL('**/dashboard');
  await page.goto('/support');
  await page.getByRole('heading', { name: 'Support' }).first().waitFor();
  expect(await buildLabel(page).count()).toBe(0);
  // A second page that has not loaded the support remote yet.
  const fresh = await signedInPage(browser, portal.url, 'customer');
  before = hashTree(untouchedDirs());

  const result = await deploy({ PORTAL_BUILD_LABEL: label });
  v2 = (await current('support')).version;
  expect(v2).not.toBe(v1);
  expect(result.stdout).toContain(`Deployed support ${v2} (was ${v1})`);

  // Not loaded yet: the next navigation registers and loads the new version, no reload.
  await navigate(fresh.page, '/support');
  await buildLabel(fresh.page).filter({ hasText: `Build ${label}` }).waitFor();
  await fresh.context.close();

  // Already loaded: a quiet notice offers a reload, which shows the new version.
  await navigate(page, '/support-tickets');
  await page.getByText('A new version of Support is available.').waitFor();
  await page.getByRole('button', { name: 'Reload' }).click();
  await buildLabel(page).filter({ hasText: `Build ${label}` }).waitFor();
});

test('rollback moves the pointer back within seconds; list shows versions, current and history', async () => {
  const result = await cli(['remote', 'rollback', 'support']);
  // Compared with its stderr, so a failure says why the CLI failed.
  expect({ status: result.status, stderr: result.stderr }).toEqual({ status: 0, stderr: expect.any(String) });
  timings.push(`rollback: ${result.seconds.toFixed(1)} s wall; ${result.stdout.trim()}`);
  expect(result.stdout).toContain(`Rolled back support from ${v2} to ${v1}`);
  expect((await current('support')).version).toBe(v1);

  await page.goto('/support');
  await page.getByRole('heading', { name: 'Support' }).first().waitFor();
  expect(await buildLabel(page).count()).toBe(0);

  const list = await cli(['remote', 'list']);
  expect({ status: list.status, stderr: list.stderr }).toEqual({ status: 0, stderr: expect.any(String) });
  expect(list.stdout).toContain(`support  current: ${v1}`);
  expect(list.stdout).toContain(`* ${v1}`);
  expect(list.stdout).toContain(`  ${v2}`);
  expect(list.stdout).toMatch(new RegExp(`${v1} -> ${v2}\\s+by admin`));
  expect(list.stdout).toMatch(new RegExp(`${v2} -> ${v1}\\s+by admin`));

  const again = await cli(['remote', 'rollback', 'account-settings', '--to', 'no-such-version']);
  expect(again.status).toBe(2);
  expect(again.stderr).toMatch(/Remote account_settings has no version no-such-version/);
  const unknown = await cli(['remote', 'deploy', 'nope']);
  expect(unknown.status).toBe(2);
  expect(unknown.stderr).toMatch(/Unknown remote "nope". Known remotes: .*support \(support\)/);

  // Only the support remote's new folder appeared: host and every other version are byte-identical.
  expect(hashTree(untouchedDirs())).toEqual(before);
});

test('a version that throws at render falls back to the last good one, with a notice and an alert', async () => {
  // A retry of this test keeps the version its first attempt deployed (the same build would be
  // refused as a redeploy of what is already there).
  if (!broken) {
    await deploy({ PORTAL_BUILD_FAULT: 'render' });
    broken = (await current('support')).version;
  }
  expect(broken).not.toBe(v1);
  await page.goto('/dashboard');
  await page.goto('/support');
  await page.getByText('Support could not be loaded; showing the previous version.').waitFor();
  await page.getByRole('heading', { name: 'Support' }).first().waitFor();
  expect(await page.getByText('This part of the portal could not be loaded.').count()).toBe(0);
  await waitForAlert(`remote:support@${broken}:render`);
});

test('a version whose entry does not match its integrity fails closed, then falls back', async () => {
  // As above, a retry reuses the version (and the tampering) of the first attempt.
  if (!tampered) {
    await deploy({ PORTAL_BUILD_LABEL: `${label}-tampered` });
    tampered = (await current('support')).version;
    const entry = path.join(portal.dataDir, 'remote-store', 'support', tampered, 'remoteEntry.js');
    const bytes = Buffer.concat([fs.readFileSync(entry), Buffer.from('\n;window.__tampered = true;\n')]);
    fs.writeFileSync(entry, bytes);
    fs.writeFileSync(`${entry}.br`, zlib.brotliCompressSync(bytes));
    fs.writeFileSync(`${entry}.gz`, zlib.gzipSync(bytes));
  }
  expect((await current('support')).fallbacks.map((f) => f.version)).toContain(v1);

  const other = await newPage(browser, portal.url);
  // Same browser profile state as the page that ran v1 well.
  await other.page.goto('/login');
  await other.page.evaluate((good) => localStorage.setItem('portal-remote-good-versions', good), await page.evaluate(() => localStorage.getItem('portal-remote-good-versions') ?? '{}'));
  await signIn(other.page, 'customer', DEMO_PASSWORD, false);
  await other.page.waitForURL('**/dashboard');
  await other.page.goto('/support');
  await other.page.getByText('Support could not be loaded; showing the previous version.').waitFor();
  await other.page.getByRole('heading', { name: 'Support' }).first().waitFor();
  expect(await other.page.evaluate(() => (window as unknown as { __tampered?: boolean }).__tampered)).toBeUndefined();
  expect(await buildLabel(other.page).count()).toBe(0);
  await waitForAlert(`remote:support@${tampered}:load`);
  await other.context.close();
});

test('/operator names the version a rollback returns to (what was live before, never a rolled-back one) and reaches it; the CLI agrees', async () => {
  // Live so far: v1, v2, v1 (v2 rolled back), broken, tampered.
  const listed = /support {2}current: (\S+) {2}rollback goes to: (\S+)/.exec((await cli(['remote', 'list'])).stdout);
  expect(listed?.slice(1)).toEqual([tampered, broken]);

  const admin = await signedInPage(browser, portal.url, 'admin');
  await admin.page.goto('/operator');
  const card = admin.page.getByRole('region', { name: 'support' });
  await card.getByRole('button', { name: `Roll back support to ${broken}` }).click();
  const dialog = admin.page.getByRole('dialog', { name: `Roll back support to ${broken}?` });
  await dialog.getByLabel('Reason (optional)').fill('entry tampered');
  await dialog.getByRole('button', { name: `Roll back to ${broken}` }).click();
  await admin.page.getByText(`support rolled back to ${broken}`).waitFor();
  expect((await current('support')).version).toBe(broken);
  // The page now names the next step back: v1, skipping tampered and v2, both rolled back.
  await card.getByRole('button', { name: `Roll back support to ${v1}` }).waitFor();
  await admin.context.close();

  const again = await cli(['remote', 'rollback', 'support', '--reason', 'render fault']);
  expect(again.stdout).toContain(`Rolled back support from ${broken} to ${v1}`);
  const list = (await cli(['remote', 'list'])).stdout;
  expect(list).toMatch(new RegExp(`${tampered} .*ROLLED BACK .* by admin: entry tampered`));
  expect(list).toMatch(new RegExp(`${broken} .*ROLLED BACK .*: render fault`));
  expect((await current('support')).fallbacks.map((f) => f.version)).not.toContain(v2);
});
