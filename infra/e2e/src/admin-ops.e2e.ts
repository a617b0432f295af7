import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describeViolations, seriousViolations } from './a11y';
import { apiToken } from './api-token';
import { newPage, signedInPage, signIn } from './browser';
import { mailFromOutbox } from './outbox';
import { usePortalSuite } from './suite';
import { startInMode } from './display-mode';

const suite = usePortalSuite();

/** The invitation link (e-mail and token) of the newest message to `to`. */
async function inviteLinkFromOutbox(baseUrl: string, to: string): Promise<{ email: string; token: string }> {
  const invite = /\/accept-invite\?email=([^&\s]+)&token=([A-Za-z0-9_-]+)/;
  const message = await mailFromOutbox(baseUrl, (m) => m.to.includes(to) && invite.test(m.text), `invitation for ${to}`);
  const match = invite.exec(message.text)!;
  return { email: decodeURIComponent(match[1]), token: match[2] };
}

test('a partner creates a customer and invites a user, who accepts and signs in', async () => {
  const stamp = Date.now();
  const orgName = `Acme ${stamp}`;
  const username = `ina${stamp}`;
  const email = `${username}@example.com`;

  const partner = await signedInPage(suite.browser, suite.portal.url, 'partner');
  await partner.page.goto('/user-management');
  await partner.page.getByRole('button', { name: 'New organisation' }).click();
  const create = partner.page.getByRole('dialog', { name: 'New organisation' });
  await create.getByRole('textbox', { name: /^Name/ }).fill(orgName);
  await create.getByRole('button', { name: 'Create' }).click();
  await create.waitFor({ state: 'hidden' });
  await partner.page.getByRole('heading', { name: orgName }).waitFor();

  await partner.page.getByRole('button', { name: 'Invite user' }).click();
  const invite = partner.page.getByRole('dialog', { name: new RegExp(`Invite a user to ${orgName}`) });
  await invite.getByRole('textbox', { name: /^First name/ }).fill('Ina');
  await invite.getByRole('textbox', { name: /^Last name/ }).fill('Vite');
  await invite.getByRole('textbox', { name: /^Username/ }).fill(username);
  await invite.getByRole('textbox', { name: /^Email/ }).fill(email);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await invite.waitFor({ state: 'hidden' });
  const users = partner.page.getByRole('table', { name: `Users of ${orgName}` });
  await users.getByText(email).waitFor();
  await users.getByText('Invited').waitFor();

  // The invitee opens the link from the e-mail (a public page) and chooses a password.
  const link = await inviteLinkFromOutbox(suite.portal.url, email);
  const invitee = await newPage(suite.browser, suite.portal.url);
  await invitee.page.goto(`/accept-invite?email=${encodeURIComponent(link.email)}&token=${link.token}`);
  await invitee.page.getByRole('heading', { name: 'Accept invitation' }).waitFor();
  await invitee.page.getByLabel('Password', { exact: true }).fill('Sunny#Harbour42');
  await invitee.page.getByRole('button', { name: 'Set password' }).click();
  // Exact: the form's own "Back to sign in" link would match, and following it before the password is
  // set (slow under load) left an account that could not sign in.
  await invitee.page.getByRole('link', { name: 'Sign in', exact: true }).click();
  await invitee.page.waitForURL('**/login');
  await signIn(invitee.page, username, 'Sunny#Harbour42');
  await invitee.page.waitForURL('**/dashboard');

  // The partner sees the sign-in in the activity log of its subtree.
  await partner.page.goto('/user-activity');
  await partner.page.getByRole('table', { name: 'User activity' }).getByText(username).first().waitFor();
});

async function currentVersion(baseUrl: string, token: string, name: string): Promise<string> {
  const res = await fetch(`${baseUrl}/backend/api/remotes`, { headers: { authorization: `Bearer ${token}` } });
  const { remotes } = (await res.json()) as { remotes: { name: string; current: string }[] };
  return remotes.find((r) => r.name === name)!.current;
}

test('an admin rolls back a remote from /operator', async () => {
  const base = suite.portal.url;
  const token = await apiToken(base, 'admin');
  const original = await currentVersion(base, token, 'support');
  // A second version to roll back from: the same build under another name, published through the API.
  const next = `${original}-e2e`;
  const store = path.join(suite.portal.dataDir, 'remote-store', 'support');
  fs.cpSync(path.join(store, original), path.join(store, next), { recursive: true });
  const publish = await fetch(`${base}/backend/api/remotes/support/releases`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ version: next }),
  });
  expect(publish.status).toBe(200);

  const admin = await signedInPage(suite.browser, base, 'admin');
  await admin.page.goto('/operator');
  const card = admin.page.getByRole('region', { name: 'support', exact: true });
  await card.getByText(`Current version: ${next}`).waitFor();
  await card.getByRole('button', { name: `Roll back support to ${original}` }).click();
  const dialog = admin.page.getByRole('dialog', { name: `Roll back support to ${original}?` });
  await dialog.getByText(`gets version ${original} instead of ${next}`).waitFor();
  await dialog.getByRole('button', { name: `Roll back to ${original}` }).click();
  await card.getByText(`Current version: ${original}`).waitFor();
  await card.getByRole('list', { name: 'Deploy history of support' }).getByText(`Rollback: ${next} → ${original}`).waitFor();
  expect(await currentVersion(base, token, 'support')).toBe(original);
  await admin.context.close();
});

test('the dashboard of each demo role shows its cards', async () => {
  const cards: Record<string, string[]> = {
    admin: ['Organisations', 'Protected seats', 'Storage', 'Job success rate', 'Open alerts', 'Open tickets'],
    partner: ['Organisations', 'Protected seats', 'Storage', 'Job success rate', 'Open alerts', 'Open tickets'],
    directpartner: ['Organisations', 'Protected seats', 'Storage', 'Job success rate', 'Open alerts', 'Open tickets'],
    customer: ['Protection status', 'Backups', 'Storage', 'Open alerts', 'Recent jobs'],
    directcustomer: ['Protection status', 'Backups', 'Storage', 'Open alerts', 'Recent jobs'],
  };
  for (const [username, titles] of Object.entries(cards)) {
    const user = await signedInPage(suite.browser, suite.portal.url, username);
    const summary = user.page.getByRole('list', { name: 'Summary' });
    for (const title of titles) await summary.getByRole('heading', { name: title, exact: true }).waitFor();
    await user.context.close();
  }
});

describe.each(['light', 'dark'] as const)('axe-core on the dashboard, alerts and operator pages, %s', (navType) => {
  // One signed-in page per user and mode, reused by that user's checks: what is checked is each
  // page as it renders, not the sign-in again.
  const pages = new Map<string, { context: BrowserContext; page: Page }>();
  afterAll(() => Promise.all([...pages.values()].map((p) => p.context.close())));
  async function pageOf(username: string): Promise<Page> {
    let opened = pages.get(username);
    if (!opened) {
      const context = await suite.browser.newContext({ baseURL: suite.portal.url, viewport: { width: 1400, height: 900 }, bypassCSP: true });
      await startInMode(context, navType);
      opened = { context, page: await context.newPage() };
      await signIn(opened.page, username);
      await opened.page.waitForURL('**/dashboard');
      pages.set(username, opened);
    }
    return opened.page;
  }

  test.each([
    ['admin', '/dashboard', 'Job success rate'],
    ['customer', '/dashboard', 'Protection status'],
    ['admin', '/alerts', 'Alerts'],
    ['admin', '/operator', 'Operator'],
  ])('%s on %s has no serious or critical violation', async (username, url, heading) => {
    if (url === '/alerts') {
      // A platform alert (a browser's failure report), so the table and its buttons are checked too.
      const token = await apiToken(suite.portal.url, 'admin');
      const version = await currentVersion(suite.portal.url, token, 'support');
      const report = await fetch(`${suite.portal.url}/backend/api/remotes/support/failures`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ version, kind: 'load', message: `e2e ${navType}` }),
      });
      expect(report.status).toBe(200);
    }
    const page = await pageOf(username);
    if (new URL(page.url()).pathname !== url) await page.goto(url);
    await page.getByRole('heading', { name: heading, exact: true }).first().waitFor();
    if (url === '/alerts') await page.getByRole('table', { name: 'Alerts' }).getByRole('button', { name: /^Resolve/ }).first().waitFor();
    // Every list and page loader is gone (they are busy regions named "Loading ..."); a status line
    // such as an empty list's message stays, so it is not what to wait for.
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"], [role="progressbar"][aria-label^="Loading"]'), undefined, { timeout: 15_000 });
    // Let entry animations finish so colours are measured at rest.
    await page.waitForTimeout(400);
    const violations = await seriousViolations(page);
    expect(describeViolations(violations)).toBe('');
  });
});
