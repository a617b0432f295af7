import { utcDay, type UsageCustomerList, type UsageList, type UsageQuery, type UsageReportListQuery, type UsageReportPage } from '@portal/contracts';
import type { Queryable } from '@portal/db';
import { findOrganisationById } from '../repositories/organisations-repository';
import { countUsage, listCustomerOrganisations, listUsageDays, upsertUsageDay, type CustomerOrganisation } from '../repositories/usage-repository';
import { findUsageReport, listUsageReports } from '../repositories/usage-reports-repository';
import { notFound } from './errors';
import type { AuthContext } from './identity-service';

// The usage feed as callers see it: always the customer organisations of the caller's own subtree
// (a customer: itself), taken from the verified session or key; any other id answers 404.

/** The caller's customer organisations, or the one it names (404 when that one is not among them). */
export async function customersInScope(db: Queryable, auth: AuthContext, customerId?: string): Promise<CustomerOrganisation[]> {
  const caller = await findOrganisationById(db, auth.organisationId);
  if (!caller) throw notFound();
  const customers = await listCustomerOrganisations(db, caller.path);
  if (customerId === undefined) return customers;
  const one = customers.find((c) => c.id === customerId);
  if (!one) throw notFound();
  return [one];
}

/** Counts each organisation's figures from the catalog and stores them as the day's (idempotent per organisation and day). */
export async function recordDailyUsage(db: Queryable, organisations: Pick<CustomerOrganisation, 'id'>[], day: string): Promise<void> {
  for (const organisation of organisations) await upsertUsageDay(db, organisation.id, day, await countUsage(db, organisation.id));
}

export async function listUsage(db: Queryable, auth: AuthContext, query: UsageQuery, now = new Date()): Promise<UsageList> {
  const customers = await customersInScope(db, auth, query.customerId);
  const today = utcDay(now);
  // A billing sync right after a backup should see it, not wait for the next daily pass.
  if (query.from <= today && today <= query.to) await recordDailyUsage(db, customers, today);
  return { from: query.from, to: query.to, items: await listUsageDays(db, customers.map((c) => c.id), query.from, query.to) };
}

export async function listUsageCustomers(db: Queryable, auth: AuthContext): Promise<UsageCustomerList> {
  return { items: (await customersInScope(db, auth)).map(({ id, name }) => ({ id, name })) };
}

export async function listReports(db: Queryable, auth: AuthContext, query: UsageReportListQuery): Promise<UsageReportPage> {
  const customers = await customersInScope(db, auth, query.customerId);
  const { items, total } = await listUsageReports(db, customers.map((c) => c.id), query.page, query.pageSize);
  return { items, total, page: query.page, pageSize: query.pageSize };
}

/** A report the caller may read (404 otherwise). */
export async function reportInScope(db: Queryable, auth: AuthContext, reportId: string) {
  const report = await findUsageReport(db, reportId);
  if (!report) throw notFound();
  await customersInScope(db, auth, report.organisationId);
  return report;
}
