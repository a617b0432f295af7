import type { Page } from 'playwright-core';
import { describeViolations, seriousViolations } from './a11y';
import { apiToken } from './api-token';
import { DEMO_PASSWORD, newPage, signedInPage, signIn } from './browser';
import { usePortalSuite } from './suite';
import { startInMode } from './display-mode';

// No GRAFANA_URL: /grafana draws the API's own history; samples every 2 s so the charts have points.
const suite = usePortalSuite({ METRICS_SAMPLE_EVERY_MS: '2000' });

const MESSAGE = `Storage upgrade until 14:00 UTC <b>${Date.now()}</b>`;

async function openGrafanaCharts(page: Page): Promise<void> {
  await page.goto('/grafana');
  await page.getByRole('heading', { name: 'Grafana', exact: true }).waitFor();
  // The first sample can take a couple of seconds: reload the range until points arrive.
  for (let attempt = 0; ; attempt += 1) {
    const chart = page.getByRole('region', { name: 'Requests per minute' });
    if (await chart.isVisible().catch(() => false)) return;
    if (attempt > 20) throw new Error('no metric chart on /grafana');
    await page.waitForTimeout(1000);
    await page.getByRole('button', { name: 'Last 24 hours' }).click();
    await page.getByRole('button', { name: 'Last hour' }).click();
  }
}

test('admin sees the metric charts on /grafana without a Grafana URL', async () => {
  const admin = await signedInPage(suite.browser, suite.portal.url, 'admin');
  await openGrafanaCharts(admin.page);
  for (const title of ['Requests per minute', 'Latency (p95)', 'Jobs finished', 'Bytes protected', 'Job queue depth']) {
    await admin.page.getByRole('region', { name: title }).waitFor();
  }
  await admin.page.getByRole('table', { name: 'Requests per minute' }).waitFor({ state: 'attached' });
  expect(await admin.page.locator('iframe').count()).toBe(0);
  await admin.context.close();
});

test('admin switches maintenance on; customers see the banner and cannot change anything; admin switches it off', async () => {
  const admin = await signedInPage(suite.browser, suite.portal.url, 'admin');
  await admin.page.goto('/operator');
  const card = admin.page.getByRole('region', { name: 'Maintenance mode' });
  await card.getByRole('switch', { name: 'Maintenance mode on' }).check();
  await card.getByRole('textbox', { name: 'Message to users' }).fill(MESSAGE);
  await card.getByRole('button', { name: 'Save' }).click();
  await card.getByText(/On since/).waitFor();

  // The sign-in page shows the message (as text: the <b> stays visible characters).
  const customer = await newPage(suite.browser, suite.portal.url);
  await customer.page.goto('/login');
  const loginBanner = customer.page.getByRole('status').filter({ hasText: 'Maintenance' });
  await loginBanner.getByText(MESSAGE).waitFor();
  expect(await loginBanner.locator('b').count()).toBe(0);

  // Signing in still works, and the shell shows the banner too.
  await signIn(customer.page, 'customer', DEMO_PASSWORD, false);
  await customer.page.waitForURL('**/dashboard');
  await customer.page.getByRole('status').filter({ hasText: 'Maintenance' }).getByText(MESSAGE).waitFor();

  // A customer's change is refused with the message, in the page and by the API.
  await customer.page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Raise Ticket' }).click();
  const dialog = customer.page.getByRole('dialog', { name: 'Raise Ticket' });
  await dialog.getByRole('textbox', { name: /^Subject/ }).fill('During maintenance');
  await dialog.getByRole('textbox', { name: /^Description/ }).fill('This should be refused.');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await customer.page.getByText(MESSAGE).nth(1).waitFor();
  const customerToken = await apiToken(suite.portal.url, 'customer');
  const refused = await fetch(`${suite.portal.url}/backend/api/operator/maintenance`, { method: 'GET', headers: { authorization: `Bearer ${customerToken}` } });
  expect(refused.status).toBe(403);
  const write = await fetch(`${suite.portal.url}/backend/support/create`, {
    method: 'POST',
    headers: { authorization: `Bearer ${customerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ subject: 'Refused?', description: 'During maintenance' }),
  });
  expect(write.status).toBe(503);
  expect(await write.json()).toEqual({ errorMessage: MESSAGE });

  // The admin switches it off; the customer's banner goes after the next check (focus triggers one).
  await card.getByRole('switch', { name: 'Maintenance mode on' }).uncheck();
  await card.getByRole('button', { name: 'Save' }).click();
  await card.getByText('Off', { exact: true }).waitFor();
  await customer.page.evaluate(() => window.dispatchEvent(new Event('focus')));
  await customer.page.getByRole('status').filter({ hasText: 'Maintenance' }).waitFor({ state: 'detached' });
  await admin.context.close();
  await customer.context.close();
});

test.each(['light', 'dark'] as const)('axe-core finds no serious violation on /grafana, %s', async (navType) => {
  const context = await suite.browser.newContext({ baseURL: suite.portal.url, viewport: { width: 1400, height: 900 }, bypassCSP: true });
  await startInMode(context, navType);
  const page = await context.newPage();
  await signIn(page, 'admin');
  await page.waitForURL('**/dashboard');
  await openGrafanaCharts(page);
  await page.waitForTimeout(400);
  const violations = await seriousViolations(page);
  await context.close();
  expect(describeViolations(violations)).toBe('');
});
