import type { OutgoingMail } from './mailer';
import { envelope, type MailBranding, type MailRecipient } from './messages';
import { formatBytes, monthLabel, type UsageSummary } from '../services/usage-report-files';

/** Where the reports can be downloaded: absolute with PORTAL_PUBLIC_URL, else the portal path. */
export function usageLink(publicUrl: string | undefined, organisationId: string, month: string): string {
  const origin = publicUrl?.replace(/\/+$/, '');
  const path = `/usage?customer=${encodeURIComponent(organisationId)}&month=${encodeURIComponent(month)}`;
  return origin ? `${origin}${path}` : `${path} (in the portal)`;
}

/** The monthly report notice: the month's summary in the text, the CSV and PDF behind the link. */
export function usageReportMail(
  recipient: MailRecipient,
  branding: MailBranding,
  report: { organisationName: string; month: string; summary: UsageSummary },
  link: string,
): OutgoingMail {
  const { days, peak, last } = report.summary;
  const month = monthLabel(report.month);
  return envelope(
    recipient,
    branding,
    `Usage report for ${month}`,
    `Hello ${recipient.firstName || 'there'},

The usage report of ${report.organisationName} for ${month} is ready.

Days with figures: ${days}
Peak seats: ${peak.seats}
Peak licensed mailboxes: ${peak.licensedMailboxes}
Peak shared mailboxes: ${peak.sharedMailboxes}
Peak OneDrive accounts: ${peak.oneDriveAccounts}
Peak sites: ${peak.sites}
Items at month end: ${last.items}
Protected data at month end: ${formatBytes(last.protectedBytes)}
Stored at month end: ${formatBytes(last.storedBytes)}

Download it as CSV or PDF at ${link}

You receive this because your notification settings include monthly usage reports. You can change them in your account settings under Notifications.

${branding.productName}`,
  );
}
