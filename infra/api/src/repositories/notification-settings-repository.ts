import { NOTIFICATION_DEFAULTS, type NotificationSettings } from '@portal/contracts';
import type { Queryable } from '@portal/db';

interface Row {
  user_id: string;
  job_failures: boolean;
  job_warnings: boolean;
  daily_summary: boolean;
  alert_severity: NotificationSettings['alertSeverity'];
  product_news: boolean;
  support_tickets: boolean;
  usage_reports: boolean;
}

const toSettings = (row: Row): NotificationSettings => ({
  jobFailures: row.job_failures,
  jobWarnings: row.job_warnings,
  dailySummary: row.daily_summary,
  alertSeverity: row.alert_severity,
  productNews: row.product_news,
  supportTickets: row.support_tickets,
  usageReports: row.usage_reports,
});

const COLUMNS = 'user_id, job_failures, job_warnings, daily_summary, alert_severity, product_news, support_tickets, usage_reports';

/** A user who never saved preferences has the defaults. */
export async function findNotificationSettings(db: Queryable, userId: string): Promise<NotificationSettings> {
  const { rows } = await db.query<Row>(`select ${COLUMNS} from notification_settings where user_id = $1`, [userId]);
  return rows[0] ? toSettings(rows[0]) : { ...NOTIFICATION_DEFAULTS };
}

/** Preferences of several users at once (defaults for those without a row), keyed by user id. */
export async function findNotificationSettingsOf(db: Queryable, userIds: string[]): Promise<Map<string, NotificationSettings>> {
  const result = new Map<string, NotificationSettings>(userIds.map((id) => [id, { ...NOTIFICATION_DEFAULTS }]));
  if (userIds.length === 0) return result;
  const { rows } = await db.query<Row>(`select ${COLUMNS} from notification_settings where user_id = any($1::uuid[])`, [userIds]);
  for (const row of rows) result.set(row.user_id, toSettings(row));
  return result;
}

export async function upsertNotificationSettings(db: Queryable, userId: string, settings: NotificationSettings): Promise<void> {
  await db.query(
    `insert into notification_settings (user_id, job_failures, job_warnings, daily_summary, alert_severity, product_news, support_tickets, usage_reports)
     values ($1, $2, $3, $4, $5, $6, $7, $8)
     on conflict (user_id) do update set
       job_failures = excluded.job_failures, job_warnings = excluded.job_warnings, daily_summary = excluded.daily_summary,
       alert_severity = excluded.alert_severity, product_news = excluded.product_news, support_tickets = excluded.support_tickets,
       usage_reports = excluded.usage_reports, updated_at = now()`,
    [userId, settings.jobFailures, settings.jobWarnings, settings.dailySummary, settings.alertSeverity, settings.productNews, settings.supportTickets, settings.usageReports],
  );
}
