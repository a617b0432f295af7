import { REQUIRED_GRAPH_PERMISSIONS } from '@portal/config';
import { TENANT_CONSENT_OUTCOMES } from '@portal/contracts';
import { startEmulator, type Emulator } from '@portal/m365-emulator';
import type { Browser } from 'playwright-core';
import { describeViolations, seriousViolations } from './a11y';
import { launchBrowser, signIn } from './browser';
import { startPortal, type RunningPortal } from './portal';

// Connect with Microsoft end to end: the portal is configured (M365_APP_*) with a provider app that
// an M365 emulator knows; a customer clicks the button, the administrator accepts on the emulator's
// consent page, and the portal's callback records the tenant, tests it, and shows its permissions.

// The registration lacks one required permission, so the page has one to flag.
const missing = 'ChannelMessage.Read.All';
const providerApp = {
  clientId: '7d4c3b2a-1e0f-4a9b-8c7d-6e5f4a3b2c1d',
  clientSecret: 'e2e~provider~secret',
  roles: REQUIRED_GRAPH_PERMISSIONS.map((p) => p.name).filter((name) => name !== missing),
};

let emulator: Emulator;
let portal: RunningPortal;
let browser: Browser;

beforeAll(async () => {
  emulator = await startEmulator({ seed: 'e2e-consent', size: 200, providerApp });
  const origin = new URL(emulator.url).origin;
  portal = await startPortal({
    M365_APP_CLIENT_ID: providerApp.clientId,
    M365_APP_CLIENT_SECRET: providerApp.clientSecret,
    M365_APP_AUTHORITY_URL: emulator.authorityUrl,
    M365_APP_GRAPH_URL: emulator.url,
    OUTBOUND_ALLOWED_ORIGINS: origin,
    OUTBOUND_ALLOWED_NETWORKS: '127.0.0.0/8',
  });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
  await emulator?.stop();
});

test("a customer connects a tenant with Microsoft's admin consent and sees its permissions", async () => {
  // bypassCSP: axe is injected as a script, which the portal's CSP would refuse.
  const context = await browser.newContext({ baseURL: portal.url, viewport: { width: 1400, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  try {
    await signIn(page, 'customer');
    await page.waitForURL('**/dashboard');
    await page.goto('/backup');
    await page.getByRole('button', { name: 'Connect with Microsoft' }).click();

    // Microsoft's (the emulator's) page: what the app asks for, and Accept.
    await page.waitForURL(`${emulator.authorityUrl}/organizations/v2.0/adminconsent?**`);
    const requested = page.getByRole('list', { name: 'Requested permissions' });
    await expect(requested.getByRole('listitem').allTextContents()).resolves.toEqual(providerApp.roles);
    await page.getByRole('button', { name: 'Accept' }).click();

    await page.waitForURL(`${portal.url}/backup?consent=connected**`);
    await page.getByText(TENANT_CONSENT_OUTCOMES.connected.message).waitFor();
    // Named after the organisation Graph reported, connected, with the permissions its token carries.
    await page.getByRole('button', { name: `Test connection to ${emulator.organizationName}` }).waitFor();
    const permissions = page.getByRole('list', { name: `Graph permissions of ${emulator.organizationName}` });
    const rows = await permissions.getByRole('listitem').allTextContents();
    expect(rows).toEqual(REQUIRED_GRAPH_PERMISSIONS.map((p) => `${p.name}${p.purpose}${p.name === missing ? 'Missing' : 'Granted'}`));
    expect(emulator.providerConsent()).toEqual(providerApp.roles);
    // Colour contrast included: text buttons draw the preset's first shade readable on paper.
    expect(describeViolations(await seriousViolations(page))).toBe('');
  } finally {
    await context.close();
  }
});
