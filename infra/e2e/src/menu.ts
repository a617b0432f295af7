import type { Page } from 'playwright-core';

/** The texts of the entries in the main menu, in order. */
export async function menuEntries(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Main menu' });
  await nav.locator('.MuiListItemButton-root').first().waitFor();
  return (await nav.locator('.MuiListItemButton-root').allInnerTexts()).map((t) => t.trim());
}

const ALL = ['Dashboard', 'User Activity', 'Alerts', 'Profile', 'Notification', 'API Keys', 'Webhooks', 'Usage', 'Feedback', 'Raise Ticket'];

/** Spec section 6, in menu order (spec section 2), plus every role's API Keys, Webhooks and Usage (issue 22); the suite's portal runs in demo mode, so ADMIN also has Outbox. */
export const EXPECTED_MENU: Record<string, string[]> = {
  admin: ['Dashboard', 'User Management', 'User Activity', 'Alerts', 'Outbox', 'Profile', 'Notification', 'API Keys', 'Webhooks', 'Usage', 'Whitelabel', 'Feedback', 'Raise Ticket'],
  partner: ['Dashboard', 'User Management', 'User Activity', 'Alerts', 'Profile', 'Notification', 'API Keys', 'Webhooks', 'Usage', 'Whitelabel', 'Feedback', 'Raise Ticket'],
  directpartner: ['Dashboard', 'User Management', 'User Activity', 'Alerts', 'Profile', 'Notification', 'API Keys', 'Webhooks', 'Usage', 'Whitelabel', 'Feedback', 'Raise Ticket'],
  customer: ['Dashboard', 'Backup', 'Restore', 'Jobs', 'User Activity', 'Alerts', 'Profile', 'Notification', 'API Keys', 'Webhooks', 'Usage', 'Feedback', 'Raise Ticket'],
  directcustomer: ['Dashboard', 'Backup', 'Restore', 'Jobs', 'User Activity', 'Alerts', 'Profile', 'Notification', 'API Keys', 'Webhooks', 'Usage', 'Feedback', 'Raise Ticket'],
};
// Every role sees the common entries; a typo in the table above would otherwise go unnoticed.
for (const entries of Object.values(EXPECTED_MENU)) for (const e of ALL) if (!entries.includes(e)) throw new Error(e);
