import type { Page } from 'playwright-core';
import { describeViolations, seriousViolations } from './a11y';
import { signIn } from './browser';
import { SPEC_DISPLAY_DEFAULTS } from './spec-display-defaults';
import { usePortalSuite } from './suite';

const suite = usePortalSuite();

/** A call of the portal's API with an API key, as a PSA or RMM tool makes it. */
const withKey = (key: string, path: string) => fetch(`${suite.portal.url}/backend/${path}`, { headers: { authorization: `Bearer ${key}` } });

async function openApiKeys(settings: Partial<typeof SPEC_DISPLAY_DEFAULTS> = {}) {
  const context = await suite.browser.newContext({ baseURL: suite.portal.url, viewport: { width: 1400, height: 900 }, bypassCSP: true });
  await context.grantPermissions(['clipboard-write']);
  await context.addInitScript((config) => localStorage.setItem('berry-config', config), JSON.stringify({ ...SPEC_DISPLAY_DEFAULTS, ...settings }));
  const page = await context.newPage();
  await signIn(page, 'directcustomer');
  await page.waitForURL('**/dashboard');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'API Keys' }).click();
  await page.waitForURL('**/api-keys');
  await page.getByRole('heading', { name: 'API Keys', level: 1 }).waitFor();
  return { context, page };
}

/** Creates a key with the keyboard only and returns the secret the page shows once. */
async function createWithKeyboard(page: Page, name: string): Promise<string> {
  await page.getByRole('button', { name: 'Create key' }).focus();
  await page.keyboard.press('Enter');
  const form = page.getByRole('dialog', { name: 'Create API key' });
  await form.getByRole('textbox', { name: /Name/ }).waitFor();
  await page.keyboard.type(name);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await page.getByRole('option', { name: 'Full access' }).waitFor();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await form.getByRole('button', { name: 'Create key' }).focus();
  await page.keyboard.press('Enter');
  const shown = page.getByRole('dialog', { name: 'Copy your new API key' });
  const field = shown.getByRole('textbox', { name: `API key “${name}”` });
  await field.waitFor();
  return field.inputValue();
}

test('a key made on the page, copied once, works through the API until it is revoked there', async () => {
  const { context, page } = await openApiKeys();
  const secret = await createWithKeyboard(page, 'RMM monitor');
  expect(secret).toMatch(/^cbk_[a-z2-7]{10}_[A-Za-z0-9_-]{43}$/);
  const shown = page.getByRole('dialog', { name: 'Copy your new API key' });
  await shown.getByRole('button', { name: 'Copy API key' }).click();
  // The portal's Permissions-Policy allows writing to the clipboard (its own origin), never reading it.
  await shown.getByRole('status').getByText('Copied to the clipboard.').waitFor();
  await shown.getByRole('button', { name: 'Done' }).click();
  await shown.waitFor({ state: 'detached' });
  expect(await page.locator('body').innerText()).not.toContain(secret);

  expect((await withKey(secret, 'api/backup/sets')).status).toBe(200);
  // Key management itself takes a session only.
  expect((await withKey(secret, 'api/api-keys')).status).toBe(403);
  await page.reload();
  const row = page.getByRole('table', { name: 'API keys' }).getByRole('row', { name: /RMM monitor/ });
  await row.getByText('Full access').waitFor();
  // Cells after the name: key, access, status, created, expires, last used.
  expect(await row.getByRole('cell').nth(4).innerText()).toBe('Never');
  expect(await row.getByRole('cell').nth(5).innerText()).not.toMatch(/^Never/);

  await row.getByRole('button', { name: 'Revoke RMM monitor' }).click();
  await page.getByRole('dialog', { name: 'Revoke “RMM monitor”?' }).getByRole('button', { name: 'Revoke key' }).click();
  await page.getByText('API key revoked.').waitFor();
  expect((await withKey(secret, 'api/backup/sets')).status).toBe(401);
  await context.close();
});

test.each<[string, Partial<typeof SPEC_DISPLAY_DEFAULTS>]>([
  ['light', { navType: 'light' }],
  ['dark', { navType: 'dark' }],
  ['right-to-left', { rtlLayout: true }],
])('the page and its secret dialog have no serious accessibility violation (%s)', async (_mode, settings) => {
  const { context, page } = await openApiKeys(settings);
  await page.getByRole('table', { name: 'API keys' }).waitFor();
  await page.waitForTimeout(400);
  expect(describeViolations(await seriousViolations(page))).toBe('');

  await createWithKeyboard(page, `Audit ${Object.keys(settings)[0]}`);
  const shown = page.getByRole('dialog', { name: 'Copy your new API key' });
  // The key is code: it reads left to right whatever the page's direction.
  expect(await shown.getByRole('textbox').getAttribute('dir')).toBe('ltr');
  if (settings.rtlLayout) expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
  await page.waitForTimeout(400);
  expect(describeViolations(await seriousViolations(page))).toBe('');
  await context.close();
});

test.each<[string, Partial<typeof SPEC_DISPLAY_DEFAULTS>]>([
  ['light', { navType: 'light' }],
  ['dark', { navType: 'dark' }],
  ['right-to-left', { rtlLayout: true }],
])('the webhooks page and its form have no serious accessibility violation (%s)', async (_mode, settings) => {
  const { context, page } = await openApiKeys(settings);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Webhooks' }).click();
  await page.getByRole('heading', { name: 'Webhooks', level: 1 }).waitFor();
  await page.getByRole('table', { name: 'Webhooks' }).waitFor();
  await page.waitForTimeout(400);
  expect(describeViolations(await seriousViolations(page))).toBe('');
  await page.getByRole('button', { name: 'Add webhook' }).click();
  await page.getByRole('dialog', { name: 'Add webhook' }).getByRole('checkbox', { name: 'Job failed' }).waitFor();
  await page.waitForTimeout(400);
  expect(describeViolations(await seriousViolations(page))).toBe('');
  await context.close();
});
