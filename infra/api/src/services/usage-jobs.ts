import { utcDay } from '@portal/contracts';
import type { Queryable } from '@portal/db';
import type { Mailer } from '../mail/mailer';
import type { BrandingResolver } from '../mail/messages';
import { usageLink, usageReportMail } from '../mail/usage-report-mail';
import { findAlertRecipients } from '../repositories/alerts-dispatch-repository';
import { listCustomerOrganisations, listUsageDays, type CustomerOrganisation } from '../repositories/usage-repository';
import { claimUnmailedReports, insertUsageReport, organisationsWithReport, type ClaimedReport } from '../repositories/usage-reports-repository';
import { recipientsWhoWant } from './notification-settings-service';
import { runSerially } from './serial-task';
import { summarise, usageReportCsv, usageReportPdf } from './usage-report-files';
import { recordDailyUsage } from './usage-service';

/** How often the usage pass runs (hourly: today's row stays fresh, and the 1st's reports go out within the hour). */
export const USAGE_PASS_EVERY_MS = 60 * 60 * 1000;
/** Reports claimed for mail at a time; a pass goes on until none is left. */
const CLAIM_BATCH = 50;

export interface UsageJobDeps {
  db: Queryable;
  mailer: Mailer;
  branding: BrandingResolver;
  /** PORTAL_PUBLIC_URL, for an absolute link to /usage. */
  publicUrl?: string;
  log: { warn(object: unknown, message?: string): void };
}

/** The month before `now`'s, as YYYY-MM. */
export function previousMonth(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
}

const lastDayOf = (month: string): string => {
  const [year, mon] = month.split('-').map(Number);
  return new Date(Date.UTC(year, mon, 0)).toISOString().slice(0, 10);
};

/** Makes the month's report of every customer that has figures for it and no report yet; returns how many it made. */
export async function makeMonthlyReports(db: Queryable, customers: CustomerOrganisation[], month: string): Promise<number> {
  const done = await organisationsWithReport(db, `${month}-01`);
  let made = 0;
  for (const customer of customers) {
    if (done.has(customer.id)) continue;
    const rows = await listUsageDays(db, [customer.id], `${month}-01`, lastDayOf(month));
    // No figures at all (the organisation came later, or the feed did): nothing to report.
    if (rows.length === 0) continue;
    const summary = summarise(rows);
    const pdf = await usageReportPdf({ organisationName: customer.name, month, rows });
    const inserted = await insertUsageReport(db, { organisationId: customer.id, month: `${month}-01`, csv: usageReportCsv(rows), pdf, peakSeats: summary.peak.seats, days: rows.length });
    if (inserted) made += 1;
  }
  return made;
}

/**
 * Mails each report nobody mailed yet to the users of its organisation and of those above it (the
 * partner that bills it, the provider) whose notification settings ask for usage reports.
 */
export async function mailUsageReports(deps: UsageJobDeps): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await claimUnmailedReports(deps.db, CLAIM_BATCH);
    for (const report of batch) sent += await mailReport(deps, report);
    if (batch.length < CLAIM_BATCH) return sent;
  }
}

async function mailReport(deps: UsageJobDeps, report: ClaimedReport): Promise<number> {
  const rows = await listUsageDays(deps.db, [report.organisationId], `${report.month}-01`, lastDayOf(report.month));
  const content = { organisationName: report.organisationName, month: report.month, summary: summarise(rows) };
  const link = usageLink(deps.publicUrl, report.organisationId, report.month);
  const recipients = await recipientsWhoWant(deps.db, await findAlertRecipients(deps.db, report.organisationPath), { kind: 'usageReport' });
  let sent = 0;
  for (const recipient of recipients) {
    try {
      await deps.mailer.send(usageReportMail(recipient, await deps.branding(recipient), content, link));
      sent += 1;
    } catch (error) {
      // One unreachable mailbox must not keep the others from their report.
      deps.log.warn({ err: error, reportId: report.id }, 'usage report mail failed');
    }
  }
  return sent;
}

/**
 * One pass: today's figures of every customer organisation, then last month's reports that are
 * missing (on the 1st, or the first pass after it when the API was down), then their mail. Every
 * step is idempotent, so passes may repeat and several API processes may run them.
 */
export function runUsagePass(deps: UsageJobDeps, now: Date = new Date()): Promise<{ reports: number; mailed: number }> {
  return runSerially(deps.db, 'usage', async () => {
    const customers = await listCustomerOrganisations(deps.db, null);
    await recordDailyUsage(deps.db, customers, utcDay(now));
    const reports = await makeMonthlyReports(deps.db, customers, previousMonth(now));
    return { reports, mailed: await mailUsageReports(deps) };
  });
}
