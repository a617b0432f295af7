import { type AlertSeverity, type NotificationSettings } from '@portal/contracts';
import type { Queryable } from '@portal/db';
import { findNotificationSettingsOf } from '../repositories/notification-settings-repository';

/**
 * What a mail is about, for the recipient's preferences. 'security' (codes, password and MFA
 * changes) is not a preference: those mails always go out.
 */
export type MailCategory =
  | { kind: 'security' }
  | { kind: 'jobFailure' }
  | { kind: 'jobWarning' }
  | { kind: 'dailySummary' }
  | { kind: 'alert'; severity: Exclude<AlertSeverity, 'off'> }
  | { kind: 'productNews' }
  | { kind: 'supportTicket' }
  | { kind: 'usageReport' };

// 'critical' is the most severe: a threshold of 'warning' lets critical and warning through.
const SEVERITY_RANK: Record<AlertSeverity, number> = { off: 0, critical: 1, warning: 2, info: 3 };

export function allowsMail(settings: NotificationSettings, category: MailCategory): boolean {
  switch (category.kind) {
    case 'security':
      return true;
    case 'jobFailure':
      return settings.jobFailures;
    case 'jobWarning':
      return settings.jobWarnings;
    case 'dailySummary':
      return settings.dailySummary;
    case 'alert':
      return settings.alertSeverity !== 'off' && SEVERITY_RANK[category.severity] <= SEVERITY_RANK[settings.alertSeverity];
    case 'productNews':
      return settings.productNews;
    case 'supportTicket':
      return settings.supportTickets;
    case 'usageReport':
      return settings.usageReports;
  }
}

/** The recipients whose preferences allow a mail of this category (order kept). */
export async function recipientsWhoWant<T extends { userId: string }>(db: Queryable, recipients: T[], category: MailCategory): Promise<T[]> {
  if (category.kind === 'security' || recipients.length === 0) return recipients;
  const settings = await findNotificationSettingsOf(db, [...new Set(recipients.map((r) => r.userId))]);
  return recipients.filter((r) => allowsMail(settings.get(r.userId)!, category));
}

