import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { signedInPage } from './browser';
import { usePortalSuite } from './suite';

const suite = usePortalSuite();

// A real 2x2 PNG (red, green / blue, white).
const LOGO = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP4z8DAAMIM/////w8AH+4F+7C4l8kAAAAASUVORK5CYII=',
  'base64',
);

function tempFile(name: string, bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'wl-e2e-')), name);
  fs.writeFileSync(file, bytes);
  return file;
}

/** The shell renders the white-label data from the menu store (shell helper); allow it time to apply. */
async function topBarLogo(page: Page, src: string) {
  const logo = page.locator(`header img[src="${src}"]`);
  await logo.waitFor({ timeout: 20_000 });
  return logo;
}

test('a partner brands the portal; its customer sees the logo and copyright, another partner’s customer does not', async () => {
  const copyright = `© 2026 Partner Cloud ${Date.now()}`;
  const partner = await signedInPage(suite.browser, suite.portal.url, 'partner');
  await partner.page.goto('/whitelabel');
  await partner.page.getByRole('heading', { name: 'Whitelabel' }).waitFor();
  const form = partner.page.getByRole('form', { name: 'White-label settings' });
  await form.waitFor();

  // Unsafe logo URLs are refused while typing (and by the server, see the API tests).
  const logoUrl = form.getByLabel('Logo URL');
  await logoUrl.fill('javascript:alert(1)');
  await form.getByText('javascript: and data: URLs are not allowed for the logo').waitFor();
  await logoUrl.fill('');

  // An SVG is refused by its content, even named .png.
  await partner.page.getByTestId('upload-logo-input').setInputFiles(tempFile('logo.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')));
  await form.getByText('SVG images are not accepted: upload a PNG, JPEG or WebP image').waitFor();

  await partner.page.getByTestId('upload-logo-input').setInputFiles(tempFile('logo.png', LOGO));
  await partner.page.getByText('Logo updated.').waitFor();
  const preview = partner.page.getByRole('figure', { name: 'Live preview' });
  const uploaded = await preview.getByRole('img', { name: 'Logo preview' }).getAttribute('src');
  expect(uploaded).toMatch(/^\/backend\/media\/[0-9a-f]{64}\.png$/);

  await form.getByLabel('Copyright text').fill(copyright);
  await preview.getByText(copyright).waitFor(); // live preview before saving
  await form.getByRole('button', { name: 'Save settings' }).click();
  await partner.page.getByText('White-label settings saved.').waitFor();
  await partner.context.close();

  // The image is served from the portal's origin without a token, as a PNG that cannot be sniffed.
  const served = await fetch(`${suite.portal.url}${uploaded}`);
  expect(served.status).toBe(200);
  expect(served.headers.get('content-type')).toBe('image/png');
  expect(served.headers.get('x-content-type-options')).toBe('nosniff');

  const customer = await signedInPage(suite.browser, suite.portal.url, 'customer');
  const logo = await topBarLogo(customer.page, uploaded!);
  expect(await logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);
  await customer.page.locator('footer', { hasText: copyright }).waitFor();
  // Cached under `whitelabel` and restored on reload.
  await customer.page.reload();
  await topBarLogo(customer.page, uploaded!);
  await customer.page.locator('footer', { hasText: copyright }).waitFor();
  await customer.context.close();

  const other = await signedInPage(suite.browser, suite.portal.url, 'customer2');
  await other.page.locator('footer').waitFor();
  await other.page.waitForLoadState('networkidle');
  expect(await other.page.locator(`img[src="${uploaded}"]`).count()).toBe(0);
  expect(await other.page.locator('footer').textContent()).not.toContain(copyright);
  await other.context.close();
});

test('a customer cannot open the white-label page or save settings', async () => {
  const { context, page } = await signedInPage(suite.browser, suite.portal.url, 'customer');
  await page.goto('/whitelabel');
  await page.getByText('Your role does not allow you to open this page.').waitFor();
  const token = await page.evaluate(() => localStorage.getItem('serviceToken'));
  const userId = await page.evaluate(() => JSON.parse(sessionStorage.getItem('user')!).userId as string);
  const response = await fetch(`${suite.portal.url}/backend/api/users/${userId}/whitelabel`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ copyrightText: 'x', whiteLabelEmail: '', whitelabelImageUrl: '', presetColor: 'default' }),
  });
  expect(response.status).toBe(403);
  await context.close();
});
