import type { Page } from 'playwright-core';
import { signedInPage } from './browser';
import { mailFromOutbox } from './outbox';
import { usePortalSuite } from './suite';


const suite = usePortalSuite();


async function openMenuDialog(page: Page, entry: 'Raise Ticket' | 'Feedback') {
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: entry }).click();
  return page.getByRole('dialog', { name: entry });
}

test('a customer raises a ticket, its partner answers, the customer sees the answer', async () => {
  const subject = `Restore stuck ${Date.now()}`;
  const customer = await signedInPage(suite.browser, suite.portal.url, 'customer');

  const dialog = await openMenuDialog(customer.page, 'Raise Ticket');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await dialog.getByText('Subject is required').waitFor();
  await dialog.getByText('Description is required').waitFor();
  await dialog.getByRole('textbox', { name: /^Subject/ }).fill(subject);
  await dialog.getByRole('textbox', { name: /^Description/ }).fill('The restore of a mailbox has not moved for an hour.');
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await customer.page.getByText('Support Ticket submitted successfully.').waitFor();
  await dialog.waitFor({ state: 'hidden' });

  const partner = await signedInPage(suite.browser, suite.portal.url, 'partner');
  await partner.page.goto(`/support-tickets?q=${encodeURIComponent(subject)}`);
  await partner.page.getByRole('button', { name: new RegExp(`Open ticket \\d+: ${subject}`) }).click();
  const ticket = partner.page.getByRole('dialog', { name: new RegExp(subject) });
  await ticket.getByText('Chris Customer', { exact: false }).first().waitFor();
  await ticket.getByRole('textbox', { name: /^Reply/ }).fill('We restarted the restore job; it is running again.');
  await ticket.getByRole('button', { name: 'Send reply' }).click();
  await ticket.getByText('We restarted the restore job; it is running again.').waitFor();
  await ticket.getByText('In progress').first().waitFor();

  await customer.page.goto('/support-tickets');
  await customer.page.getByRole('button', { name: new RegExp(`Open ticket \\d+: ${subject}`) }).click();
  const seen = customer.page.getByRole('dialog', { name: new RegExp(subject) });
  await seen.getByText('We restarted the restore job; it is running again.').waitFor();
  await seen.getByText(/Paula Partner \(support, Demo Partner\)/).waitFor();

  // The other side was told by e-mail (demo outbox).
  await mailFromOutbox(suite.portal.url, (m) => m.subject.includes(subject) || m.text.includes(subject), `mail about "${subject}"`);

  await customer.context.close();
  await partner.context.close();
});

test('feedback is submitted from the menu and listed for ADMIN', async () => {
  const text = `Lovely portal ${Date.now()}`;
  const customer = await signedInPage(suite.browser, suite.portal.url, 'directcustomer');
  const dialog = await openMenuDialog(customer.page, 'Feedback');
  const field = dialog.getByRole('textbox', { name: /^Feedback/ });
  await field.fill('x'.repeat(251));
  await dialog.getByText('Character Limit Exceeded').waitFor();
  await dialog.getByText('251/250').waitFor();
  await field.fill(text);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await customer.page.getByText('Feedback submitted successfully.').waitFor();
  await customer.context.close();

  const admin = await signedInPage(suite.browser, suite.portal.url, 'admin');
  await admin.page.goto('/feedbacks');
  await admin.page.getByRole('cell', { name: text }).waitFor();
  await admin.page.getByRole('cell', { name: /Dana Direct/ }).first().waitFor();
  await admin.context.close();
});
