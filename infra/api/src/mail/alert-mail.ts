import { ALERT_SOURCE_KIND_LABELS, alertSourceKind, type AlertLevel } from '@portal/contracts';
import type { OutgoingMail } from './mailer';
import { envelope, type MailBranding, type MailRecipient } from './messages';

export interface AlertMailContent {
  severity: AlertLevel;
  source: string;
  message: string;
  createdAt: Date;
  /** Null for a platform alert. */
  organisationName: string | null;
}

const LEVEL_LABELS: Record<AlertLevel, string> = { info: 'Info', warning: 'Warning', error: 'Error', critical: 'Critical' };

/** Where the alert can be handled: absolute with PORTAL_PUBLIC_URL, else the portal path. */
export function alertsLink(publicUrl: string | undefined): string {
  const origin = publicUrl?.replace(/\/+$/, '');
  return origin ? `${origin}/alerts` : '/alerts (in the portal)';
}

/**
 * An alert notice. The subject names only the severity and organisation: the message may hold
 * names users typed and stays in the body, which brandedHtml escapes.
 */
export function alertMail(recipient: MailRecipient, branding: MailBranding, alert: AlertMailContent, link: string): OutgoingMail {
  const level = LEVEL_LABELS[alert.severity];
  const where = alert.organisationName ?? 'the platform';
  const kind = alertSourceKind(alert.source);
  return envelope(
    recipient,
    branding,
    `${level} alert for ${where}`,
    `Hello ${recipient.firstName || 'there'},

A new ${level.toLowerCase()} alert was raised for ${where}:

${alert.message}

Severity: ${level}
Organisation: ${alert.organisationName ?? 'Platform'}
Raised by: ${kind ? ALERT_SOURCE_KIND_LABELS[kind] : alert.source}
When: ${alert.createdAt.toUTCString()}

Review, acknowledge or resolve it at ${link}

You receive this because your notification settings include alerts of this severity. You can change them in your account settings under Notifications.

${branding.productName}`,
  );
}
