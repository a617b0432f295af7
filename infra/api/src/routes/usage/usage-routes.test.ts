import zlib from 'node:zlib';
import { createdApiKeySchema, NOTIFICATION_DEFAULTS, USAGE_MESSAGES, usageListSchema, usageReportPageSchema, type BackupSet, type Job, type Tenant } from '@portal/contracts';
import { createOutboxMailer } from '../../mail/mailer';
import { defaultBrandingResolver } from '../../mail/messages';
import { upsertNotificationSettings } from '../../repositories/notification-settings-repository';
import { findUserByUsername } from '../../repositories/users-repository';
import { runUsagePass } from '../../services/usage-jobs';
import { build, mailsTo, signinAs, type ApiInstance, type Session } from '../../test/build';
import { call, waitForJob } from '../../test/calls';
import { emulatorOutbound } from '../../test/emulator-outbound';
import { testEmulator } from '../../test/emulator';

// The usage feed and the monthly report, checked against what a real backup (of the emulator's
// tenant) put in the catalog: the expected figures are counted here from the snapshots and the blob
// index, not with the feed's own queries.

jest.setTimeout(240_000);

// The third user is a shared mailbox: the directory lists no licence for it.
const emulator = testEmulator({ seed: 'usage-test', size: 60, users: 3, sharedMailboxes: 1 });

interface Catalog {
  items: number;
  protectedBytes: number;
  storedBytes: number;
}

/** Every object's latest snapshot (its item count and size as of that run), summed; the blob index's stored sizes. */
async function catalogTotals(app: ApiInstance): Promise<Catalog> {
  const { rows } = await app.apiDb.query<{ item_count: number; size_bytes: string }>(
    'select distinct on (object_id) item_count, size_bytes from backup_snapshots order by object_id, run_seq desc',
  );
  const { rows: blobs } = await app.apiDb.query<{ stored_size: string }>('select stored_size from backup_blobs');
  return {
    items: rows.reduce((sum, r) => sum + Number(r.item_count), 0),
    protectedBytes: rows.reduce((sum, r) => sum + Number(r.size_bytes), 0),
    storedBytes: blobs.reduce((sum, b) => sum + Number(b.stored_size), 0),
  };
}

async function runSet(app: ApiInstance, customer: Session, body: object): Promise<void> {
  const created = await call<BackupSet>(app, customer, 'POST', 'api/backup/sets', body);
  expect(created.status).toBe(201);
  const run = await call<Job>(app, customer, 'POST', `api/backup/sets/${created.body.id}/run`);
  expect((await waitForJob(app, customer, run.body.id)).status).toBe('succeeded');
}

const schedule = { frequency: 'manual', time: '02:00', dayOfWeek: 0 };

/**
 * The demo customer's tenant backed up twice: every mailbox (one of them unlicensed, as a shared
 * mailbox is), and the first user's OneDrive. Returns the catalog's totals.
 */
async function seedBackups(app: ApiInstance, customer: Session): Promise<Catalog> {
  const tenant = await call<Tenant>(app, customer, 'POST', 'api/backup/tenants', { name: 'Contoso usage', ...emulator.credentials });
  expect(tenant.status).toBe(201);
  const users = await call<{ items: Array<{ externalId: string; displayName: string }> }>(app, customer, 'GET', `api/backup/tenants/${tenant.body.id}/directory?kind=user`);
  const [first, , third] = users.body.items;
  await runSet(app, customer, { name: 'Mailboxes', tenantId: tenant.body.id, type: 'exchange', scope: { mode: 'all' }, services: ['mail', 'contacts'], schedule, retention: { days: 7 } });
  // The backup read the licences from the directory.
  const licences = await app.apiDb.query<{ external_id: string; licensed: boolean | null }>("select external_id, licensed from backup_objects where kind = 'user'");
  expect(Object.fromEntries(licences.rows.map((r) => [r.external_id, r.licensed]))).toEqual(Object.fromEntries(users.body.items.map((u) => [u.externalId, u !== third])));
  await runSet(app, customer, {
    name: 'OneDrive of one',
    tenantId: tenant.body.id,
    type: 'onedrive',
    scope: { mode: 'selected', objects: [{ kind: 'user', ...first }] },
    services: ['onedrive'],
    schedule,
    retention: { days: 7 },
  });
  return catalogTotals(app);
}

/** The strings a PDF's content streams draw (pdf-lib writes them as hex strings, deflated). */
function pdfText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const drawn: string[] = [];
  for (const match of raw.matchAll(/\bstream\r?\n/g)) {
    const start = match.index + match[0].length;
    const data = pdf.subarray(start, raw.indexOf('endstream', start));
    let content: string;
    try {
      content = zlib.inflateSync(data, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString('latin1');
    } catch {
      continue;
    }
    for (const hex of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) drawn.push(Buffer.from(hex[1], 'hex').toString('latin1'));
  }
  return drawn.join('\n');
}

const organisationOf = async (app: ApiInstance, username: string) => (await findUserByUsername(app.apiDb, username))!.organisationId;

const withKey = (app: ApiInstance, key: string, url: string) => app.inject({ method: 'GET', url: `/backend/${url}`, headers: { authorization: `Bearer ${key}` } });

async function readOnlyKey(app: ApiInstance, who: Session): Promise<string> {
  const { status, body } = await call(app, who, 'POST', 'api/api-keys', { name: 'PSA', access: 'read-only' });
  expect(status).toBe(201);
  return createdApiKeySchema.parse(body).secret;
}

const today = new Date().toISOString().slice(0, 10);

describe('usage feed', () => {
  it("counts a day's seats, items and storage from the catalog, for the caller's subtree only (sessions and API keys)", async () => {
    const app = await build({ backup: { demo: false, scheduleEveryMs: 60_000, outbound: emulatorOutbound(emulator) } });
    const { customer, customer2, partner, partner2, admin } = await signinAs(app, ['customer', 'customer2', 'partner', 'partner2', 'admin']);
    const catalog = await seedBackups(app, customer);
    const customerId = await organisationOf(app, 'customer');

    const answer = await call(app, customer, 'GET', `api/usage?from=${today}&to=${today}`);
    expect(answer.status).toBe(200);
    const feed = usageListSchema.parse(answer.body);
    expect(feed.items).toEqual([
      {
        day: today,
        organisationId: customerId,
        organisationName: 'Demo Customer',
        // Three mailboxes, one unlicensed (shared); the first user's OneDrive too, still one seat.
        licensedMailboxes: 2,
        sharedMailboxes: 1,
        oneDriveAccounts: 1,
        sites: 0,
        seats: 2,
        ...catalog,
      },
    ]);
    expect(catalog.items).toBeGreaterThan(0);
    expect(catalog.storedBytes).toBeGreaterThan(0);

    // The partner above sees it among its customers; the provider sees every customer.
    const partnerFeed = usageListSchema.parse((await call(app, partner, 'GET', `api/usage?from=${today}&to=${today}`)).body);
    expect(partnerFeed.items.map((d) => d.organisationName)).toEqual(['Demo Customer']);
    const adminFeed = usageListSchema.parse((await call(app, admin, 'GET', `api/usage?from=${today}&to=${today}`)).body);
    expect(adminFeed.items.map((d) => d.organisationName).sort()).toEqual(['Demo Customer', 'Demo Direct Customer', 'Second Demo Customer']);
    expect((await call(app, admin, 'GET', `api/usage/customers`)).body).toEqual({ items: expect.arrayContaining([{ id: customerId, name: 'Demo Customer' }]) });

    // Another tenant's organisation answers 404, with a session or with that tenant's key.
    expect((await call(app, customer2, 'GET', `api/usage?customerId=${customerId}`)).status).toBe(404);
    expect((await call(app, partner2, 'GET', `api/usage?customerId=${customerId}`)).status).toBe(404);
    const foreignKey = await readOnlyKey(app, customer2);
    expect((await withKey(app, foreignKey, `api/usage?customerId=${customerId}`)).statusCode).toBe(404);
    const ownKey = await readOnlyKey(app, customer);
    const keyed = await withKey(app, ownKey, `api/usage?customerId=${customerId}&from=${today}&to=${today}`);
    expect(keyed.statusCode).toBe(200);
    expect(usageListSchema.parse(keyed.json()).items[0].seats).toBe(2);

    // Bad input is a 400 with the schema's message, never a 500.
    const refused = async (query: string) => {
      const { status, body } = await call(app, customer, 'GET', `api/usage?${query}`);
      expect(status).toBe(400);
      return body.errorMessage;
    };
    expect(await refused('from=2026-02-30')).toMatch(USAGE_MESSAGES.dayInvalid);
    expect(await refused('from=2026-05-02&to=2026-05-01')).toBe(USAGE_MESSAGES.rangeReversed);
    expect(await refused('from=2024-01-01&to=2026-01-01')).toBe(USAGE_MESSAGES.rangeTooLong);
    expect(await refused('customerId=nope')).toMatch(/customerId/);
  });

  it('makes the monthly report once from the daily figures (CSV and PDF) and mails it once to whom the notification settings say', async () => {
    const app = await build({ backup: { demo: false, scheduleEveryMs: 60_000, outbound: emulatorOutbound(emulator) } });
    const { customer, customer2 } = await signinAs(app, ['customer', 'customer2']);
    const catalog = await seedBackups(app, customer);
    const customerId = await organisationOf(app, 'customer');
    // A colleague who turned monthly usage reports off gets none.
    const mfauser = await findUserByUsername(app.apiDb, 'mfauser');
    await upsertNotificationSettings(app.apiDb, mfauser!.id, { ...NOTIFICATION_DEFAULTS, usageReports: false });

    const warn = jest.fn();
    const deps = { db: app.apiDb, mailer: createOutboxMailer(app.apiDb), branding: defaultBrandingResolver(), publicUrl: 'https://portal.example', log: { warn } };
    // Two days of March 2031 (the catalog as it stands), then the passes of April 1st.
    await runUsagePass(deps, new Date('2031-03-14T10:00:00Z'));
    await runUsagePass(deps, new Date('2031-03-31T23:00:00Z'));
    expect(await runUsagePass(deps, new Date('2031-04-01T00:30:00Z'))).toEqual({ reports: 3, mailed: expect.any(Number) });
    expect(await runUsagePass(deps, new Date('2031-04-01T01:30:00Z'))).toEqual({ reports: 0, mailed: 0 });
    expect(warn).not.toHaveBeenCalled();

    const customerMail = await mailsTo(app, 'customer@demo.example');
    expect(customerMail).toHaveLength(1);
    expect(customerMail[0].subject).toBe('Usage report for March 2031');
    expect(customerMail[0].text).toContain('The usage report of Demo Customer for March 2031 is ready.');
    expect(customerMail[0].text).toContain('Peak seats: 2\n');
    expect(customerMail[0].text).toContain(`Items at month end: ${catalog.items}\n`);
    expect(customerMail[0].text).toContain(`https://portal.example/usage?customer=${customerId}&month=2031-03`);
    expect(await mailsTo(app, 'mfauser@demo.example')).toHaveLength(0);
    // The partner that bills the customer hears of it; the provider of each of its three customers.
    expect((await mailsTo(app, 'partner@demo.example')).map((m) => m.text.includes('Demo Customer'))).toEqual([true]);
    expect(await mailsTo(app, 'admin@demo.example')).toHaveLength(3);
    expect(await mailsTo(app, 'customer2@demo.example')).toHaveLength(1);

    const reports = usageReportPageSchema.parse((await call(app, customer, 'GET', 'api/usage/reports')).body);
    expect(reports.items).toEqual([expect.objectContaining({ organisationId: customerId, month: '2031-03', days: 2, peakSeats: 2, mailedAt: expect.any(String) })]);
    const reportId = reports.items[0].id;

    const download = async (who: Session, format: string) => {
      const link = await call<{ url: string }>(app, who, 'GET', `api/usage/reports/${reportId}/download-link?format=${format}`);
      if (link.status !== 200) return { status: link.status, body: Buffer.alloc(0), type: '' };
      const file = await app.inject({ method: 'GET', url: link.body.url });
      return { status: file.statusCode, body: file.rawPayload, type: String(file.headers['content-type']) };
    };
    const csv = await download(customer, 'csv');
    expect(csv.type).toMatch(/^text\/csv/);
    const f = `2,1,1,0,2,${catalog.items},${catalog.protectedBytes},${catalog.storedBytes}`;
    expect(csv.body.toString('utf8')).toBe(
      `day,customer,licensed_mailboxes,shared_mailboxes,onedrive_accounts,sites,seats,items,protected_bytes,stored_bytes\r\n2031-03-14,Demo Customer,${f}\r\n2031-03-31,Demo Customer,${f}\r\n`,
    );

    const pdf = await download(customer, 'pdf');
    expect(pdf.type).toBe('application/pdf');
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = pdfText(pdf.body);
    expect(text).toContain('Usage report: Demo Customer, March 2031');
    expect(text).toMatch(/Peak seats\n2\n/);
    expect(text).toMatch(new RegExp(`Items at month end\\n${catalog.items}\\n`));
    expect(text).toMatch(new RegExp(`2031-03-31\\n2\\n1\\n1\\n0\\n2\\n${catalog.items}\\n`));

    // Another tenant neither lists, links nor opens it; a link with a wrong token opens nothing; bad formats are a 400.
    expect(usageReportPageSchema.parse((await call(app, customer2, 'GET', 'api/usage/reports')).body).items.map((r) => r.organisationName)).toEqual(['Second Demo Customer']);
    expect((await download(customer2, 'csv')).status).toBe(404);
    expect((await withKey(app, await readOnlyKey(app, customer2), `api/usage/reports/${reportId}/download-link?format=pdf`)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/backend/api/usage/reports/${reportId}/download?format=csv&token=1.abc` })).statusCode).toBe(404);
    expect((await call(app, customer, 'GET', `api/usage/reports/${reportId}/download-link?format=doc`)).status).toBe(400);
    expect((await call(app, customer2, 'GET', `api/usage/reports?customerId=${customerId}`)).status).toBe(404);
  });
});
