import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { newPage, signIn } from './browser';
import { usePortalSuite } from './suite';

// The demo customer's tenant is an in-process M365 emulator (small, so the first backups are quick).
const suite = usePortalSuite({ PORTAL_DEMO_BACKUPS: '1', PORTAL_DEMO_BACKUP_SIZE: '600' });

async function api<T>(page: Page, path: string): Promise<T> {
  const token = await page.evaluate(() => localStorage.getItem('serviceToken'));
  const res = await fetch(`${suite.portal.url}/backend/${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Graph calls straight to the emulator, with the app credentials its admin endpoint reports. */
async function emulatorGraph(graphBaseUrl: string) {
  const origin = new URL(graphBaseUrl).origin;
  const info = (await (await fetch(`${origin}/_emulator/info`)).json()) as { url: string; authorityUrl: string; tenantId: string; clientId: string; clientSecret: string };
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: info.clientId, client_secret: info.clientSecret, scope: 'https://graph.microsoft.com/.default' });
  const tokenRes = await fetch(`${info.authorityUrl}/${info.tenantId}/oauth2/v2.0/token`, { method: 'POST', body: form });
  const { access_token: token } = (await tokenRes.json()) as { access_token: string };
  const call = (path: string, init: RequestInit = {}) => fetch(path.startsWith('http') ? path : `${info.url}${path}`, { ...init, headers: { authorization: `Bearer ${token}` } });
  return {
    /** Every message of a user, in any mail folder, whose subject is exactly `subject`. */
    async findMessages(userId: string, subject: string): Promise<Array<{ id: string; subject: string }>> {
      const user = encodeURIComponent(userId);
      const pages = async <T>(first: string): Promise<T[]> => {
        const out: T[] = [];
        let next: string | undefined = first;
        while (next) {
          const res = await call(next);
          if (!res.ok) throw new Error(`${next}: ${res.status} ${await res.text()}`);
          const body = (await res.json()) as { value: T[]; '@odata.nextLink'?: string };
          out.push(...body.value);
          next = body['@odata.nextLink'];
        }
        return out;
      };
      const folders: Array<{ id: string }> = [];
      const queue = await pages<{ id: string }>(`/users/${user}/mailFolders?$top=100`);
      while (queue.length) {
        const folder = queue.shift()!;
        folders.push(folder);
        queue.push(...(await pages<{ id: string }>(`/users/${user}/mailFolders/${encodeURIComponent(folder.id)}/childFolders?$top=100`)));
      }
      const found: Array<{ id: string; subject: string }> = [];
      for (const folder of folders) {
        const messages = await pages<{ id: string; subject: string }>(`/users/${user}/mailFolders/${encodeURIComponent(folder.id)}/messages?$top=100&$select=id,subject`);
        found.push(...messages.filter((m) => m.subject === subject));
      }
      return found;
    },
    async deleteMessage(userId: string, messageId: string): Promise<void> {
      const res = await call(`/users/${encodeURIComponent(userId)}/messages/${encodeURIComponent(messageId)}`, { method: 'DELETE' });
      if (res.status !== 204) throw new Error(`delete: ${res.status} ${await res.text()}`);
    },
  };
}

/** File names and sizes from a ZIP's central directory (enough to check what a download holds). */
function zipEntries(zip: Buffer): Array<{ name: string; size: number }> {
  let eocd = zip.length - 22;
  while (eocd >= 0 && zip.readUInt32LE(eocd) !== 0x06054b50) eocd -= 1;
  if (eocd < 0) throw new Error('not a ZIP file');
  const count = zip.readUInt16LE(eocd + 10);
  let at = zip.readUInt32LE(eocd + 16);
  const entries: Array<{ name: string; size: number }> = [];
  for (let i = 0; i < count; i += 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('broken central directory');
    const size = zip.readUInt32LE(at + 24);
    const nameLength = zip.readUInt16LE(at + 28);
    const extra = zip.readUInt16LE(at + 30);
    const comment = zip.readUInt16LE(at + 32);
    entries.push({ name: zip.subarray(at + 46, at + 46 + nameLength).toString('utf8'), size });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

const FINISHED_OK = /^(Succeeded|Completed with warnings)$/;

test('a customer backs up a user, browses the snapshot, finds a mail, restores it to its place and downloads it as a ZIP', async () => {
  const { page, context } = await newPage(suite.browser, suite.portal.url);
  // Script errors in the page are part of the failure report.
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && pageErrors.push(message.text()));
  try {
    await backupRestoreAndDownload(page);
  } catch (error) {
    if (pageErrors.length) console.log(`Errors in the page:\n${pageErrors.join('\n')}`);
    throw error;
  } finally {
    await context.close();
  }
  // Its own bounded waits (the tenant 60 s, the demo backup 180 s, three jobs 120 s each) may all be
  // needed on a loaded machine: with the suite's 180 s, a CI run at load 20 timed the first attempt
  // out, and the retry then ran alongside it (jest does not stop a timed-out test) and failed too.
}, 600_000);

async function backupRestoreAndDownload(page: Page): Promise<void> {
  await signIn(page, 'customer');
  await page.waitForURL('**/dashboard');
  await page.goto('/backup');
  await page.getByRole('heading', { name: 'Backup', exact: true }).waitFor();
  await page.getByRole('list', { name: 'Connected tenants' }).getByText('demo', { exact: true }).waitFor({ timeout: 60_000 });

  // The demo set's first backup runs at start; wait for it so the steps below are not queued behind it.
  for (let waited = 0; ; waited += 1) {
    const active = await api<{ total: number }>(page, 'api/jobs?status=queued,running');
    if (active.total === 0) break;
    if (waited > 180) throw new Error('the demo backup did not finish within 3 minutes');
    await new Promise((r) => setTimeout(r, 1000));
  }

  type TenantBody = { items: Array<{ id: string; name: string; graphBaseUrl: string; demo: boolean }> };
  const tenant = (await api<TenantBody>(page, 'api/backup/tenants')).items.find((t) => t.demo)!;
  const directory = await api<{ items: Array<{ externalId: string; displayName: string }> }>(page, `api/backup/tenants/${tenant.id}/directory?kind=user`);
  const person = directory.items[0];

  // 1. Create a set for one user through the guided dialog.
  const setName = `E2E mail ${Date.now()}`;
  await page.getByRole('button', { name: 'New backup set' }).click();
  const dialog = page.getByRole('dialog', { name: 'New backup set' });
  await dialog.getByRole('textbox', { name: /^Name/ }).fill(setName);
  await dialog.getByRole('combobox', { name: 'Type' }).click();
  await page.getByRole('option', { name: 'Exchange Online' }).click();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('radio', { name: /Selected users/ }).check();
  await dialog.getByRole('searchbox', { name: 'Search users' }).fill(person.displayName);
  await dialog.getByRole('button', { name: new RegExp(person.displayName) }).first().click();
  await dialog.getByText('1 selected').waitFor();
  await dialog.getByRole('button', { name: 'Next' }).click();
  await dialog.getByRole('checkbox', { name: 'Mail' }).waitFor();
  await dialog.getByRole('button', { name: 'Next' }).click();
  // Opened from the keyboard, as a keyboard user would.
  await dialog.getByRole('combobox', { name: 'Frequency' }).focus();
  await page.keyboard.press('ArrowDown');
  await page.getByRole('option', { name: 'Manual only' }).click();
  await dialog.getByRole('button', { name: 'Create backup set' }).click();
  await dialog.waitFor({ state: 'hidden' });
  const row = page.getByRole('row').filter({ hasText: setName });
  await row.getByText('Manual only').waitFor();
  const set = (await api<{ items: Array<{ id: string; name: string }> }>(page, `api/backup/sets?q=${encodeURIComponent(setName)}`)).items.find((s) => s.name === setName)!;

  // 2. Run it and watch the job finish on /jobs (live, without reloading).
  await page.getByRole('button', { name: `Run ${setName} now` }).click();
  await page.getByText(`Backup of ${setName} queued.`).waitFor();
  await page.goto(`/jobs?setId=${set.id}`);
  const jobRow = page.getByRole('table', { name: 'Jobs' }).getByRole('row').nth(1);
  await jobRow.getByText(FINISHED_OK).waitFor({ timeout: 120_000 });
  await jobRow.getByRole('button', { name: /^Log of/ }).click();
  const log = page.getByRole('dialog', { name: /^Log of/ });
  await log.getByRole('list', { name: 'Log lines' }).getByRole('listitem').first().waitFor();
  await log.getByRole('button', { name: 'Close' }).click();

  // 3. Browse the snapshot: the Inbox folder as it was at that run.
  await page.goto(`/view-users/exchange/${set.id}/backup`);
  await page.getByRole('link', { name: `Snapshots of ${person.displayName}` }).click();
  await page.getByRole('list', { name: 'Snapshots' }).getByRole('button').first().waitFor();
  const objectId = page.url().split('/')[5];
  const tree = page.getByRole('tree', { name: 'Folders' });
  await tree.getByRole('button', { name: 'Expand Mail' }).click();
  await tree.getByRole('button', { name: /^Inbox/ }).first().click();
  const folderItems = page.getByRole('table', { name: 'Items in the folder' });
  await folderItems.getByRole('row').nth(1).waitFor();
  const subject = (await folderItems.getByRole('row').nth(1).getByRole('cell').first().innerText()).split('\n')[0].trim();
  expect(subject.length).toBeGreaterThan(0);

  // 4. Search for it and preview it (mail body in a sandboxed frame).
  await page.goto(`/item-search/exchange/${objectId}/${set.id}?service=mail`);
  await page.getByRole('searchbox', { name: 'Search items' }).fill(subject);
  const hit = page.getByRole('list', { name: 'Search results' }).getByRole('button', { name: `Preview ${subject}` }).first();
  await hit.waitFor();
  await hit.click();
  await page.getByRole('article', { name: `Preview of ${subject}` }).waitFor();
  const frames = await page.locator('article iframe').count();
  if (frames > 0) expect(await page.locator('article iframe').first().getAttribute('sandbox')).toBe('');

  // 5. Delete it in Microsoft 365 (the emulator), then restore it to its original place.
  const graph = await emulatorGraph(tenant.graphBaseUrl);
  const before = await graph.findMessages(person.externalId, subject);
  expect(before.length).toBeGreaterThan(0);
  for (const m of before) await graph.deleteMessage(person.externalId, m.id);
  expect(await graph.findMessages(person.externalId, subject)).toHaveLength(0);

  await page.getByRole('checkbox', { name: `Select ${subject}` }).first().check();
  await page.getByRole('button', { name: 'Restore selected' }).click();
  const restore = page.getByRole('dialog', { name: 'Restore 1 item' });
  await restore.getByRole('radio', { name: /Original place/ }).check();
  await restore.getByRole('button', { name: 'Start restore' }).click();
  const watch = page.getByTestId('job-watch').first();
  await watch.getByText(FINISHED_OK).waitFor({ timeout: 120_000 });
  const after = await graph.findMessages(person.externalId, subject);
  expect(after.length).toBe(1);

  // 6. Download the same item as a ZIP and look inside.
  await page.getByRole('button', { name: 'Download selected' }).click();
  const download = page.getByRole('dialog', { name: 'Restore 1 item' });
  await download.getByRole('radio', { name: /Download as ZIP/ }).check();
  await download.getByRole('button', { name: 'Start restore' }).click();
  const zipLink = page.getByTestId('job-watch').first().getByRole('link', { name: 'Download ZIP' });
  await zipLink.waitFor({ timeout: 120_000 });
  const [file] = await Promise.all([page.waitForEvent('download'), zipLink.click()]);
  const entries = zipEntries(fs.readFileSync((await file.path())!));
  expect(entries).toHaveLength(1);
  expect(entries[0].name).toMatch(/\.eml$/);
  expect(entries[0].name).toContain('/mail/');
  expect(entries[0].size).toBeGreaterThan(0);
}
