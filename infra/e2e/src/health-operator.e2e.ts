import type { Page } from 'playwright-core';
import { describeViolations, seriousViolations } from './a11y';
import { apiToken } from './api-token';
import { newPage, signedInPage, signIn } from './browser';
import { usePortalSuite } from './suite';
import { startInMode } from './display-mode';

// The demo customer's tenant is an in-process M365 emulator, so /health-check has a real tenant to
// probe through Graph (as in backup-sets.e2e.ts); a small one keeps its first backup short.
const suite = usePortalSuite({ PORTAL_DEMO_BACKUPS: '1', PORTAL_DEMO_BACKUP_SIZE: '300' });

async function api<T>(token: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${suite.portal.url}/backend/${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

type Tenant = { id: string; name: string; demo: boolean; graphBaseUrl: string };
type Job = { id: string; title: string; status: string };

async function demoTenant(customerToken: string): Promise<Tenant> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const tenant = (await api<{ items: Tenant[] }>(customerToken, 'api/backup/tenants')).items.find((t) => t.demo);
    if (tenant) return tenant;
    if (Date.now() > deadline) throw new Error('the demo tenant was not connected');
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Clicks Refresh until `check` passes: load reports arrive a moment after the page that sent them. */
async function refreshUntil(page: Page, check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('the health page never showed the expected state');
    await page.waitForTimeout(1000);
    await page.getByRole('button', { name: 'Refresh' }).click();
  }
}

test('ADMIN sees every part ok on /health-check, with the demo tenant reachable through Graph and loaded remotes counted', async () => {
  const tenant = await demoTenant(await apiToken(suite.portal.url, 'customer'));
  const { context, page } = await signedInPage(suite.browser, suite.portal.url, 'admin');
  await page.goto('/health-check');
  await page.getByRole('heading', { name: 'Health Check', exact: true }).waitFor();

  for (const part of ['API', 'Database', 'E-mail', 'Blob store', 'Job queue']) {
    const card = page.getByRole('region', { name: part, exact: true });
    await card.waitFor();
    expect(await card.getByText('OK', { exact: true }).count()).toBe(1);
  }
  await page.getByRole('region', { name: 'E-mail', exact: true }).getByText(/^Outbox mode/).waitFor();
  await page.getByRole('region', { name: 'Blob store', exact: true }).getByText(/^Wrote, read back and deleted/).waitFor();

  const tenants = page.getByRole('table', { name: /Microsoft Graph connectivity/ });
  const row = tenants.getByRole('row', { name: new RegExp(escapeRegExp(tenant.name)) });
  await row.waitFor();
  expect(await row.textContent()).toContain('OK');

  // This page came from admin_ops: the browser reported loading it, and the table counts it.
  const remotes = page.getByRole('table', { name: /^Remotes/ });
  await refreshUntil(page, async () => {
    // Cells after the row header: version, published, loads, failures, status, last failure.
    const cells = await remotes.getByRole('row', { name: /admin_ops/ }).getByRole('cell').allTextContents();
    return Number(cells[2]) >= 1 && cells[3] === '0' && cells[4] === 'OK';
  });
  const overall = page.getByText('Overall status').locator('..');
  expect(await overall.textContent()).toContain('OK');
  await context.close();
});

test('ADMIN sees workers and the job queue on /operator and cancels a running job', async () => {
  const customer = await apiToken(suite.portal.url, 'customer');
  const tenant = await demoTenant(customer);
  // The demo's first backup starts with the portal; on a busy machine it may still run. This test
  // starts its own run, so it waits for that one to end rather than catch it just before it ends.
  const idleBy = Date.now() + 150_000;
  while ((await api<{ items: Job[] }>(customer, 'api/jobs')).items.some((j) => j.status === 'queued' || j.status === 'running')) {
    if (Date.now() > idleBy) throw new Error('the demo backup did not end within 150 s');
    await new Promise((r) => setTimeout(r, 1000));
  }
  // A long enough run to look at: the emulator forgets its delta tokens (a full pass over every
  // item) and makes every second mail request wait 5 s (Retry-After), so the run is still going however slowly
  // the browser signs in.
  const emulator = new URL(tenant.graphBaseUrl).origin;
  await fetch(`${emulator}/_emulator/expire-delta-tokens`, { method: 'POST' });
  await fetch(`${emulator}/_emulator/throttle`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ match: '/messages', every: 2, retryAfterSeconds: 5 }) });
  try {
    const sets = await api<{ items: Array<{ id: string; name: string }> }>(customer, 'api/backup/sets');
    let job: Job | undefined;
    for (const set of sets.items) {
      const res = await fetch(`${suite.portal.url}/backend/api/backup/sets/${set.id}/run`, { method: 'POST', headers: { authorization: `Bearer ${customer}` } });
      if (res.status === 202) job = (await res.json()) as Job;
    }
    job ??= (await api<{ items: Job[] }>(customer, 'api/jobs')).items.find((j) => j.status === 'queued' || j.status === 'running');
    expect(job).toBeDefined();

    const { context, page } = await signedInPage(suite.browser, suite.portal.url, 'admin');
    await page.goto('/operator');
    const workers = page.getByRole('table', { name: /Engine worker processes/ });
    await workers.getByRole('row').filter({ hasText: 'Alive' }).first().waitFor();
    const queue = page.getByRole('table', { name: /Queued and running jobs/ });
    await queue.getByRole('row', { name: new RegExp(escapeRegExp(job!.title)) }).first().waitFor();

    await page.getByRole('button', { name: `Cancel ${job!.title}` }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this job?' });
    await dialog.getByRole('button', { name: 'Cancel job' }).click();
    await page.getByText(`Cancellation of “${job!.title}” requested`).waitFor();
    const deadline = Date.now() + 90_000;
    for (;;) {
      const status = (await api<Job>(customer, `api/jobs/${job!.id}`)).status;
      if (status === 'cancelled') break;
      if (Date.now() > deadline) throw new Error(`job still ${status}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    await context.close();
  } finally {
    await fetch(`${emulator}/_emulator/throttle`, { method: 'DELETE' });
  }
});

test.each(['light', 'dark'] as const)('axe-core finds no serious violation on /health-check, %s', async (navType) => {
  const context = await suite.browser.newContext({ baseURL: suite.portal.url, viewport: { width: 1400, height: 900 }, bypassCSP: true });
  await startInMode(context, navType);
  const page = await context.newPage();
  await signIn(page, 'admin');
  await page.waitForURL('**/dashboard');
  await page.goto('/health-check');
  await page.getByRole('table', { name: /^Remotes/ }).waitFor();
  // Let entry animations finish so colours are measured at rest.
  await page.waitForTimeout(400);
  const violations = await seriousViolations(page);
  await context.close();
  expect(describeViolations(violations)).toBe('');
});
