import type { Db } from '@portal/db';
import { createOutboxMailer } from '../mail/mailer';
import { whitelabelBrandingResolver } from '../mail/whitelabel-branding';
import { upsertNotificationSettings } from '../repositories/notification-settings-repository';
import { build, mailsTo, type ApiInstance } from '../test/build';
import { NOTIFICATION_DEFAULTS, type AlertSeverity } from '@portal/contracts';
import { notifyNewAlerts } from './alert-notifier';

// Alert e-mail: every new alert, from API code or a database trigger, is mailed once to the active
// users of its organisation and of the organisations above it whose settings ask for that severity.

const warn = jest.fn();
const pass = (app: ApiInstance, publicUrl?: string) =>
  notifyNewAlerts({ db: app.apiDb, mailer: createOutboxMailer(app.apiDb), branding: whitelabelBrandingResolver({ db: app.apiDb }), publicUrl, log: { warn } });

async function user(db: Db, username: string) {
  const { rows } = await db.query<{ id: string; email: string; organisation_id: string }>('select id, email, organisation_id from users where username = $1', [username]);
  return rows[0];
}

async function raise(db: Db, severity: string, message: string, organisationId: string | null, source = 'test:raise'): Promise<void> {
  await db.query('insert into alerts (severity, source, message, organisation_id) values ($1, $2, $3, $4)', [severity, source, message, organisationId]);
}

async function threshold(db: Db, username: string, alertSeverity: AlertSeverity) {
  await upsertNotificationSettings(db, (await user(db, username)).id, { ...NOTIFICATION_DEFAULTS, alertSeverity });
}

const alertMails = async (app: ApiInstance, username: string) => (await mailsTo(app, (await user(app.apiDb, username)).email)).filter((m) => / alert for /.test(m.subject));

describe('alert e-mail', () => {
  it('mails a new alert once to the opted-in users of the organisation and its ancestors only', async () => {
    const app = await build();
    const db = app.apiDb;
    const customer = await user(db, 'customer');
    await threshold(db, 'partner', 'off');
    await threshold(db, 'mfauser', 'critical');
    await raise(db, 'warning', 'Backup storage is almost full', customer.organisation_id, 'job:1');

    expect(await pass(app, 'https://backup.example.com/')).toBe(2);
    expect(await pass(app)).toBe(0);

    const [mail, ...more] = await alertMails(app, 'customer');
    expect(more).toEqual([]);
    expect(mail.subject).toBe('Warning alert for Demo Customer');
    expect(mail.text).toContain('Backup storage is almost full');
    expect(mail.text).toContain('Severity: Warning');
    expect(mail.text).toContain('Organisation: Demo Customer');
    expect(mail.text).toContain('Raised by: Job');
    expect(mail.text).toContain('https://backup.example.com/alerts');
    expect(await alertMails(app, 'admin')).toHaveLength(1); // the provider is an ancestor
    expect(await alertMails(app, 'partner')).toEqual([]); // opted out
    expect(await alertMails(app, 'mfauser')).toEqual([]); // critical only
    for (const other of ['customer2', 'partner2', 'directpartner', 'directcustomer']) expect(await alertMails(app, other)).toEqual([]);

    // A critical alert reaches the "critical only" user too; a suspended user hears nothing.
    await db.query('update users set suspended_at = now() where id = $1', [customer.id]);
    await raise(db, 'critical', 'Tenant lost consent', customer.organisation_id, 'm365:consent:x');
    expect(await pass(app)).toBe(2);
    expect(await alertMails(app, 'mfauser')).toHaveLength(1);
    expect(await alertMails(app, 'customer')).toHaveLength(1);
    expect(await alertMails(app, 'admin')).toHaveLength(2);
    expect(warn).not.toHaveBeenCalled();
  });

  it('mails alerts raised by the job trigger, and platform alerts to the provider only', async () => {
    const app = await build();
    const db = app.apiDb;
    const customer = await user(db, 'customer');
    const { rows } = await db.query<{ id: string }>(`insert into backup_jobs (organisation_id, type, title, status) values ($1, 'backup', 'Backup of Mail', 'running') returning id`, [
      customer.organisation_id,
    ]);
    await db.query(`update backup_jobs set status = 'failed', error_message = 'Graph unreachable' where id = $1`, [rows[0].id]);
    await raise(db, 'error', 'Remote admin-ops 1.2.3 failed to load in a browser', null, 'remote:admin-ops@1.2.3:load');

    await pass(app);
    const customerMails = await alertMails(app, 'customer');
    expect(customerMails).toHaveLength(1);
    expect(customerMails[0].text).toContain('Job failed: Backup of Mail (Graph unreachable)');
    expect(customerMails[0].subject).toBe('Error alert for Demo Customer');
    const adminMails = await alertMails(app, 'admin');
    expect(adminMails.map((m) => m.subject).sort()).toEqual(['Error alert for Demo Customer', 'Error alert for the platform']);
    expect(await alertMails(app, 'partner')).toHaveLength(1);
    const { rows: pending } = await db.query('select id from alerts where notified_at is null');
    expect(pending).toEqual([]);
  });
});
