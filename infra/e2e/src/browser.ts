import { Browser, BrowserContext, chromium, Page } from 'playwright-core';
import { PRERENDERED_ELEMENT_ID } from '@portal/config';
import { CHROMIUM_ARGS, ensureChromium } from './chromium';

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: ensureChromium(), args: CHROMIUM_ARGS, headless: true });
}

export const DEMO_PASSWORD = 'Portal#2026';

export async function newPage(browser: Browser, baseURL: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Touches a key, as a visitor reaching for the form does, and waits until the app has taken over from
 * the prerendered sign-in page: the page runs the app at the first interaction (or 5 s after its load).
 */
export async function appTookOver(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await page.waitForFunction((id) => !document.getElementById(id), PRERENDERED_ELEMENT_ID);
}

/** Holds the host's entry script until the returned function is called: the page as it is before the app runs. */
export async function holdAppEntry(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Signs in through the form; `navigate: false` uses the sign-in page already open. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD, navigate = true): Promise<void> {
  if (navigate) await page.goto('/login');
  await page.getByLabel('Username', { exact: true }).fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

/** A new page signed in through the form, on the dashboard. */
export async function signedInPage(browser: Browser, baseURL: string, username: string, password = DEMO_PASSWORD): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, baseURL);
  await signIn(opened.page, username, password);
  await opened.page.waitForURL('**/dashboard');
  return opened;
}
