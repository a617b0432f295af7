import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_PASSWORD, newPage, signedInPage, signIn } from './browser';
import { usePortalSuite } from './suite';

const suite = usePortalSuite();

// A real 2x2 PNG.
const PICTURE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFElEQVR4nGP4z8DAAMIM/////w8AH+4F+7C4l8kAAAAASUVORK5CYII=', 'base64');

function tempFile(name: string, bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'acct-e2e-')), name);
  fs.writeFileSync(file, bytes);
  return file;
}

/** RFC 6238 code for a base32 secret (what an authenticator app shows), `offset` steps from now. */
function totp(secret: string, offset = 0): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '')) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((b) => parseInt(b, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000) + offset));
  const digest = crypto.createHmac('sha1', key).update(counter).digest();
  const start = digest[digest.length - 1] & 0x0f;
  return String((digest.readUInt32BE(start) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

test('a profile picture upload shows in the top bar at once and survives a reload; details save', async () => {
  const { context, page } = await signedInPage(suite.browser, suite.portal.url, 'directcustomer');
  await page.goto('/profile');
  await page.getByRole('form', { name: 'Profile details' }).waitFor();

  await page.getByTestId('upload-picture-input').setInputFiles(tempFile('me.webp.png', PICTURE));
  await page.getByText('Profile picture updated.').waitFor();
  const avatar = page.getByRole('button', { name: 'Open profile menu' }).locator('img');
  await avatar.waitFor();
  const src = await avatar.getAttribute('src');
  expect(src).toMatch(/^\/backend\/media\/[0-9a-f]{64}\.png$/);

  await page.reload();
  await page.getByRole('button', { name: 'Open profile menu' }).locator(`img[src="${src}"]`).waitFor();
  expect(await page.getByRole('button', { name: 'Open profile menu' }).locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2);

  const form = page.getByRole('form', { name: 'Profile details' });
  await form.getByLabel('First Name').fill('');
  await form.getByText('First Name is a required field').waitFor();
  await form.getByLabel('First Name').fill('Daniela');
  await form.getByLabel('Phone').fill('+44 20 7946 0000');
  // A new e-mail asks for the current password first.
  await form.getByLabel('E-mail').fill('dana.direct@example.org');
  await form.getByLabel('Current Password', { exact: true }).fill('Wrong#Pass1');
  await form.getByRole('button', { name: 'Save profile' }).click();
  await page.getByText('Current password is incorrect').waitFor();
  await form.getByLabel('Current Password', { exact: true }).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: 'Save profile' }).click();
  await page.getByText('Profile saved.').waitFor();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Profile details' }).getByLabel('First Name').inputValue()).resolves.toBe('Daniela');
  await expect(page.getByRole('form', { name: 'Profile details' }).getByLabel('E-mail').inputValue()).resolves.toBe('dana.direct@example.org');
  await context.close();
});

test('MFA with an authenticator app: QR code, confirmation, then sign-in asks for the code; sessions list', async () => {
  const { context, page } = await signedInPage(suite.browser, suite.portal.url, 'partner2');
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Use an authenticator app' }).click();
  const dialog = page.getByRole('dialog', { name: 'Turn on an authenticator app' });
  await dialog.getByLabel('Current Password', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
  const secret = (await dialog.getByTestId('totp-secret').textContent())!.trim();
  await dialog.getByLabel('Code', { exact: true }).fill(totp(secret));
  await dialog.getByRole('button', { name: 'Turn on' }).click();
  await page.getByText('Multi-factor authentication is on.').waitFor();
  await page.getByText('On: Authenticator app').waitFor();

  // The sessions list shows this device.
  await page.getByRole('list', { name: 'Active sessions' }).getByText('This device').waitFor();

  // A second browser must now give a code from the app.
  const second = await newPage(suite.browser, suite.portal.url);
  await signIn(second.page, 'partner2');
  await second.page.waitForURL('**/mfa-verification');
  await second.page.getByLabel('Verification code').fill(totp(secret, 1));
  await second.page.getByRole('button', { name: 'Verify' }).click();
  await second.page.waitForURL('**/dashboard');

  // Sign out everywhere ends both sessions.
  await page.reload();
  await page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem').nth(1).waitFor();
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await page.getByRole('dialog', { name: 'Sign out everywhere?' }).getByRole('button', { name: 'Sign out everywhere' }).click();
  await page.waitForURL('**/login');
  await second.page.goto('/profile');
  await second.page.waitForURL('**/login');
  await second.context.close();
  await context.close();
});

test('notification settings persist on the server', async () => {
  const { context, page } = await signedInPage(suite.browser, suite.portal.url, 'customer');
  await page.goto('/notification');
  const form = page.getByRole('form', { name: 'Notification settings' });
  await form.waitFor();
  await form.getByRole('switch', { name: /Daily summary/ }).check();
  await form.getByRole('switch', { name: /Job warnings/ }).uncheck();
  await form.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('Notification settings saved.').waitFor();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Notification settings' }).getByRole('switch', { name: /Daily summary/ }).isChecked()).resolves.toBe(true);
  await expect(page.getByRole('form', { name: 'Notification settings' }).getByRole('switch', { name: /Job warnings/ }).isChecked()).resolves.toBe(false);
  await context.close();
});
