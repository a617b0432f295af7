import crypto from 'node:crypto';
import { CANARY_MIN_LOADS } from '@portal/config';
import type { Browser, BrowserContext } from 'playwright-core';
import { apiToken, getJson } from './api-token';
import { launchBrowser, newPage, signIn } from './browser';
import { RunningPortal, runPortalCli, startPortal } from './portal';

// Canary releases of a remote, driven as operators and users meet them: the CLI deploys a canary,
// fresh browser sessions draw it (or not) and keep what they drew, and a canary that throws at
// render is rolled back by itself from the browsers' reports while other sessions never see it.

jest.setTimeout(600_000);

let portal: RunningPortal;
let browser: Browser;
const label = `canary-${crypto.randomBytes(4).toString('hex')}`;
// Every demo user who may open /support: the rule counts users, not sessions.
const USERS = ['customer', 'partner', 'directcustomer', 'customer2', 'partner2', 'directpartner', 'admin'];

beforeAll(async () => {
  portal = await startPortal({ PORTAL_REGISTRY_REFRESH_MS: '0' });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

async function cli(args: string[], env: Record<string, string> = {}): Promise<string> {
  const result = await runPortalCli(portal, args, env);
  if (result.status !== 0) throw new Error(`portal ${args.join(' ')} failed:\n${result.stdout}\n${result.stderr}`);
  return result.stdout;
}

/**
 * The support entry of the registry as this browser session gets it. The draw is made by the
 * server on this request and kept in the session's cookie, which the context's request client
 * shares with its pages: a fresh session draws without paying for a page load.
 */
async function registryOf(context: BrowserContext) {
  const { remotes } = await (await context.request.get('/remotes.json')).json();
  const support = remotes.find((r: { name: string }) => r.name === 'support');
  return { version: support.version as string, fallbacks: (support.fallbacks ?? []).map((f: { version: string }) => f.version) as string[] };
}

interface CanaryRow {
  version: string;
  state: string;
  reason: string | null;
  endedAt: string | null;
}
let adminToken: string;
async function canaries(): Promise<CanaryRow[]> {
  adminToken ??= await apiToken(portal.url, 'admin');
  return (await getJson<{ canaries: CanaryRow[] }>(`${portal.url}/backend/api/remotes/canaries`, adminToken)).canaries;
}

const supportVersion = async () =>
  (await getJson<{ remotes: { name: string; version: string }[] }>(`${portal.url}/remotes.json`)).remotes.find((r) => r.name === 'support')!.version;

let stable: string;

test('a canary at 50% reaches about half of fresh sessions, and each session keeps the version it drew', async () => {
  stable = await supportVersion();
  const out = await cli(['remote', 'deploy', 'support', '--canary', '50'], { PORTAL_BUILD_LABEL: label });
  const canary = /Deployed support (\S+) as a canary to 50% of sessions \(the others keep (\S+)\)/.exec(out);
  expect(canary?.[2]).toBe(stable);
  const version = canary![1];
  expect(await supportVersion()).not.toBe(undefined);

  const drawn: string[] = [];
  const sessions = [];
  for (let i = 0; i < 20; i++) {
    const session = await newPage(browser, portal.url);
    const first = await registryOf(session.context);
    expect(await registryOf(session.context)).toEqual(first); // sticky for the session (its cookie)
    expect(first.version === version ? first.fallbacks[0] : first.fallbacks.includes(version)).toBe(first.version === version ? stable : false);
    drawn.push(first.version);
    sessions.push(session);
  }
  const share = drawn.filter((v) => v === version).length;
  console.log(`canary at 50%: ${share} of 20 fresh sessions drew it`);
  expect(share).toBeGreaterThanOrEqual(3);
  expect(share).toBeLessThanOrEqual(17);

  // A session that drew the canary runs it; one that did not runs the current version.
  for (const [wanted, shows] of [
    [version, 1],
    [stable, 0],
  ] as const) {
    const { page, context } = sessions[drawn.indexOf(wanted)];
    await signIn(page, 'customer');
    await page.waitForURL('**/dashboard');
    await page.goto('/support');
    await page.getByRole('heading', { name: 'Support' }).first().waitFor();
    expect(await page.locator('[data-portal-build-label]').filter({ hasText: `Build ${label}` }).count()).toBe(shows);
    expect((await registryOf(context)).version).toBe(wanted); // the page's own requests kept the draw
  }
  await Promise.all(sessions.map((s) => s.context.close()));

  // The operator stops it: everyone is back on the current version, nothing moved the pointer.
  expect(await cli(['remote', 'rollback', 'support'])).toContain(`Stopped the canary ${version} of support: every session gets ${stable} again`);
  expect(await supportVersion()).toBe(stable);
});

test('a canary that throws at render is rolled back by itself, with an alert, while other sessions never see it', async () => {
  await cli(['remote', 'deploy', 'support', '--canary', '50'], { PORTAL_BUILD_FAULT: 'render', PORTAL_BUILD_LABEL: `${label}-fault` });
  const version = (await canaries()).find((c) => c.state === 'running')!.version;
  let firstFailure = 0;
  let rolledBackAt = 0;
  let stableSessions = 0;
  let stableShown = 0;
  let canaryUsers = 0;
  for (let i = 0; i < 60 && !rolledBackAt; i++) {
    const { context, page } = await newPage(browser, portal.url);
    try {
      const got = await registryOf(context);
      if (got.version !== version) {
        // Every session that did not draw the canary never gets it, not even as a fallback; two of
        // them are also opened, to see the current version render while the canary fails.
        stableSessions++;
        expect(got.fallbacks).not.toContain(version);
        if (stableShown >= 2) continue;
        stableShown++;
      }
      // The rule counts users, not sessions: each canary session signs in as another demo user.
      await signIn(page, got.version === version ? USERS[canaryUsers++ % USERS.length] : 'customer');
      await page.waitForURL('**/dashboard');
      expect((await registryOf(context)).version).toBe(got.version);
      await page.goto('/support');
      if (got.version === version) {
        await page.getByText('This part of the portal could not be loaded.').waitFor();
        firstFailure ||= Date.now();
      } else {
        await page.getByRole('heading', { name: 'Support' }).first().waitFor();
        expect(await page.getByText('This part of the portal could not be loaded.').count()).toBe(0);
      }
    } finally {
      await context.close();
    }
    // Reports are sent as the page fails; once enough loads failed for the rule to decide, give the
    // last report a moment before asking.
    if (canaryUsers < CANARY_MIN_LOADS) continue;
    for (const deadline = Date.now() + 3_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 100))) {
      if ((await canaries()).find((c) => c.version === version)?.state === 'rolled_back') {
        rolledBackAt = Date.now();
        break;
      }
    }
  }
  expect(rolledBackAt).toBeGreaterThan(0);
  console.log(`canary rolled back by itself ${((rolledBackAt - firstFailure) / 1000).toFixed(1)} s after its first failure report (${stableSessions} sessions on the current version meanwhile)`);
  const ended = (await canaries()).find((c) => c.version === version)!;
  expect(ended.reason).toMatch(/^Rolled back by itself: \d+ of \d+ loads failed/);

  const { alerts } = await getJson<{ alerts: { source: string }[] }>(`${portal.url}/backend/api/remotes/alerts`, adminToken);
  expect(alerts.map((a: { source: string }) => a.source)).toContain(`remote:support@${version}:canary`);
  expect(await supportVersion()).toBe(stable);
  expect(await cli(['remote', 'list'])).toMatch(new RegExp(`support  canary ${version} to 50% \\(current ${stable}\\)  ROLLED BACK`));
});
