import { describeViolations, seriousViolations } from './a11y';
import { signIn } from './browser';
import { mailFromOutbox, type OutboxMessage } from './outbox';
import { usePortalSuite } from './suite';

// Brute force on a demo account raises a security alert: the partner above the customer sees it on
// /alerts and gets it by e-mail (the dispatcher polls every second here instead of every five).
const suite = usePortalSuite({ ALERT_NOTIFY_MS: '1000' });

/** Waits for a demo-outbox message to `to` whose subject and text match. */
const alertMail = (baseUrl: string, to: string, subject: string, text: RegExp): Promise<OutboxMessage> =>
  mailFromOutbox(baseUrl, (m) => m.to.includes(to) && m.subject === subject && text.test(m.text), `"${subject}" mail for ${to}`, 20_000);

test('ten wrong passwords for a customer raise a security alert the partner sees on /alerts and receives by e-mail', async () => {
  for (let i = 0; i < 10; i += 1) {
    const res = await fetch(`${suite.portal.url}/backend/api/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'customer', password: `Wrong#Guess${i}` }),
    });
    expect(res.status).toBe(401);
  }

  const mail = await alertMail(suite.portal.url, 'partner@demo.example', 'Warning alert for Demo Customer', /brute-force/);
  expect(mail.text).toContain('10 wrong passwords (sign-in or password change) for account "customer"');
  expect(mail.text).toContain('Raised by: Security');
  expect(mail.text).not.toContain('Wrong#Guess');

  // bypassCSP: the axe check below injects its script (see a11y.ts).
  const context = await suite.browser.newContext({ baseURL: suite.portal.url, viewport: { width: 1400, height: 900 }, bypassCSP: true });
  const partner = { context, page: await context.newPage() };
  await signIn(partner.page, 'partner');
  await partner.page.waitForURL('**/dashboard');
  await partner.page.goto('/alerts');
  await partner.page.getByRole('combobox', { name: 'Source' }).click();
  await partner.page.getByRole('option', { name: 'Security' }).click();
  const row = partner.page.getByRole('table', { name: 'Alerts' }).getByRole('row').filter({ hasText: 'Possible brute-force attack' });
  await row.waitFor();
  expect(await row.getByRole('cell').nth(2).textContent()).toBe('Security');
  expect(await row.getByRole('cell').nth(3).textContent()).toBe('Demo Customer');
  await partner.page.waitForTimeout(400); // entry animations end, so colours are measured at rest
  const violations = await seriousViolations(partner.page);
  await partner.context.close();
  expect(describeViolations(violations)).toBe('');
});
