import type { Page } from 'playwright-core';
import { DEMO_PASSWORD, newPage, signedInPage, signIn } from './browser';
import { menuEntries } from './menu';
import { codeFromOutbox } from './outbox';
import { usePortalSuite } from './suite';


const suite = usePortalSuite();


async function expectSignInRefused(page: Page, username: string, password: string) {
  await signIn(page, username, password);
  await page.locator('.MuiAlert-colorError', { hasText: 'Invalid username or password' }).waitFor();
}

test('a new user registers, then signs in as the first user of a new direct customer', async () => {
  const { context, page } = await newPage(suite.browser, suite.portal.url);
  const username = `newuser${Date.now() % 1_000_000}`;
  await page.goto('/login');
  await page.getByRole('link', { name: 'Create an account' }).click();
  await page.waitForURL('**/register');
  // The URL changes before the register page renders, and the login page has a Username field too.
  await page.getByRole('button', { name: 'Register' }).waitFor();
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByText('Username is available').waitFor();
  await page.getByLabel('Email', { exact: true }).fill(`${username}@example.com`);
  await page.getByText('Email is available').waitFor();
  await page.getByLabel('First Name').fill('Nina');
  await page.getByLabel('Last Name').fill('New');
  await page.getByLabel('Company').fill('New Company Ltd');
  await page.getByLabel('Region').selectOption({ index: 1 });
  await page.getByLabel('Password', { exact: true }).fill('Fresh#Start26');
  await page.getByText('Strong').first().waitFor();
  await page.getByLabel('Confirm Password', { exact: true }).fill('Fresh#Start26');
  await page.getByRole('button', { name: 'Register' }).click();
  await page.waitForURL('**/login');
  await page.locator('.MuiAlert-colorSuccess').waitFor();

  // a taken username is reported while typing
  await page.goto('/register');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByText('Username is already taken').waitFor();

  await signIn(page, username, 'Fresh#Start26');
  await page.waitForURL('**/dashboard');
  expect(await menuEntries(page)).toContain('Backup');
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('user') ?? '{}').role)).toBe('DIRECTCUSTOMER');
  await context.close();
});

test('forgotten password: code from the outbox, new password works, the old one does not', async () => {
  const { context, page } = await newPage(suite.browser, suite.portal.url);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot Password?' }).click();
  await page.waitForURL('**/forgot');
  const since = Date.now();
  await page.getByLabel('Email', { exact: true }).fill('directcustomer@demo.example');
  await page.getByRole('button', { name: 'Send Code' }).click();
  await page.waitForURL('**/code-verification');
  const code = await codeFromOutbox(suite.portal.url, 'directcustomer@demo.example', since);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/reset');
  await page.getByLabel('New Password', { exact: true }).fill('Reset#Pass2026');
  await page.getByLabel('Confirm Password', { exact: true }).fill('Reset#Pass2026');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await page.waitForURL('**/login');
  await expectSignInRefused(page, 'directcustomer', DEMO_PASSWORD);
  await signIn(page, 'directcustomer', 'Reset#Pass2026');
  await page.waitForURL('**/dashboard');
  await context.close();
});

test('MFA sign-in for mfauser with the e-mailed code', async () => {
  const { context, page } = await newPage(suite.browser, suite.portal.url);
  const since = Date.now();
  await signIn(page, 'mfauser');
  await page.waitForURL('**/mfa-verification');
  // the pending token opens nothing else
  await page.goto('/dashboard');
  await page.waitForURL('**/login');
  await signIn(page, 'mfauser');
  await page.waitForURL('**/mfa-verification');
  await page.getByLabel('Verification code').fill('000000');
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.locator('.MuiAlert-colorError').waitFor();
  const code = await codeFromOutbox(suite.portal.url, 'mfauser@demo.example', since);
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.waitForURL('**/dashboard');
  expect(await page.evaluate(() => JSON.parse(sessionStorage.getItem('user') ?? '{}').username)).toBe('mfauser');
  await context.close();
});

test('change password logs the user out; only the new password signs in', async () => {
  const { context, page } = await signedInPage(suite.browser, suite.portal.url, 'directpartner');
  await page.getByRole('button', { name: 'Open profile menu' }).click();
  await page.getByRole('menuitem', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  await dialog.getByLabel('Current Password', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByLabel('New Password', { exact: true }).fill(DEMO_PASSWORD);
  await dialog.getByText('New Password cannot be same as current password').waitFor();
  await dialog.getByLabel('New Password', { exact: true }).fill('Changed#2026x');
  await dialog.getByLabel('Confirm Password', { exact: true }).fill('Changed#2026x');
  await dialog.getByRole('button', { name: 'Change Password' }).click();
  await page.waitForURL('**/login');
  await page.getByText('Password changed successfully. Please login again.').waitFor();
  expect(await page.evaluate(() => [localStorage.getItem('serviceToken'), sessionStorage.getItem('user')])).toEqual([null, null]);
  await expectSignInRefused(page, 'directpartner', DEMO_PASSWORD);
  await signIn(page, 'directpartner', 'Changed#2026x');
  await page.waitForURL('**/dashboard');
  await context.close();
});

test('a token past its exp lands on /login', async () => {
  const { context, page } = await signedInPage(suite.browser, suite.portal.url, 'customer');
  await page.evaluate(() => {
    const [header, , signature] = (localStorage.getItem('serviceToken') ?? '').split('.');
    const payload = btoa(JSON.stringify({ sub: 'x', exp: Math.floor(Date.now() / 1000) - 60 })).replace(/=+$/, '');
    localStorage.setItem('serviceToken', `${header}.${payload}.${signature}`);
  });
  await page.reload();
  await page.waitForURL('**/login');
  await context.close();
});
