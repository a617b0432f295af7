import { newPage, signedInPage, signIn } from './browser';
import { menuEntries } from './menu';
import { codeFromOutbox } from './outbox';
import { usePortalSuite } from './suite';

const suite = usePortalSuite();

const REQUIRE_MFA = 'Require MFA for this organisation and everything below it';

test('a partner requires MFA for Demo Customer: the customer must enter the e-mailed code, and the activity log shows both', async () => {
  const partner = await signedInPage(suite.browser, suite.portal.url, 'partner');
  await partner.page.goto('/user-management');
  await partner.page.getByRole('navigation', { name: 'Organisations' }).getByText('Demo Customer').click();
  await partner.page.getByRole('heading', { name: 'Demo Customer' }).waitFor();
  const toggle = partner.page.getByRole('switch', { name: REQUIRE_MFA });
  expect(await toggle.isChecked()).toBe(false);
  // The switch follows the saved state (it flips once the API has stored the requirement).
  await toggle.click();
  await partner.page.getByText('MFA required', { exact: true }).waitFor();
  expect(await toggle.isChecked()).toBe(true);

  // The customer had no MFA: after the password it now has to enter the code from its mailbox.
  const since = Date.now();
  const customer = await newPage(suite.browser, suite.portal.url);
  await signIn(customer.page, 'customer');
  await customer.page.waitForURL('**/mfa-verification');
  const code = await codeFromOutbox(suite.portal.url, 'customer@demo.example', since);
  await customer.page.getByLabel('Verification code').fill(code);
  await customer.page.getByRole('button', { name: 'Verify' }).click();
  await customer.page.waitForURL('**/dashboard');

  // Customers have an Alerts entry, and it opens the alerts page.
  expect(await menuEntries(customer.page)).toContain('Alerts');
  await customer.page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Alerts' }).click();
  await customer.page.waitForURL('**/alerts');

  // The partner sees the policy change and the customer's second factor in its activity log.
  await partner.page.goto('/user-activity');
  const table = partner.page.getByRole('table', { name: 'User activity' });
  await table.getByText('MFA required for organisation').waitFor();
  await table.getByText('MFA verified').first().waitFor();
  await partner.context.close();
  await customer.context.close();
});
