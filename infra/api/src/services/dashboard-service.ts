import {
  BACKUP_SERVICES,
  DASHBOARD_RECENT_JOBS,
  type CustomerDashboard,
  type DailyJobs,
  type DashboardSummary,
  type JobRate,
  type PartnerDashboard,
  type ServiceProtection,
} from '@portal/contracts';
import type { Queryable } from '@portal/db';
import {
  countFinishedJobs,
  countOpenAlerts,
  countOpenTickets,
  countOrganisationsBelow,
  countProtectedSeats,
  finishedJobsPerDay,
  listActiveSets,
  listRecentJobs,
  sumStoredBytes,
  type JobCounts,
  type SetProtectionRow,
} from '../repositories/dashboard-repository';
import { findOrganisationById } from '../repositories/organisations-repository';
import type { AuthContext } from './identity-service';
import { notFound } from './errors';

const DAY_MS = 24 * 60 * 60 * 1000;
export const DASHBOARD_CHART_DAYS = 7;

const toRate = ({ finished, succeeded }: JobCounts): JobRate => ({ finished, succeeded, rate: finished === 0 ? null : succeeded / finished });

/** The last `days` UTC days, oldest first, each filled in (days without jobs count zero). */
export function lastDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

// Worst first: one failing set makes the service "failed" even if another set covers it well.
const PROTECTION_ORDER: ServiceProtection[] = ['failed', 'warning', 'pending', 'protected'];

function protectionOf(lastRunStatus: string | null): ServiceProtection {
  if (lastRunStatus === 'failed' || lastRunStatus === 'cancelled') return 'failed';
  if (lastRunStatus === 'warning') return 'warning';
  if (lastRunStatus === 'succeeded') return 'protected';
  return 'pending';
}

export function serviceProtection(sets: SetProtectionRow[]): CustomerDashboard['services'] {
  return BACKUP_SERVICES.map((service) => {
    const covering = sets.filter((set) => set.services.includes(service));
    if (covering.length === 0) return { service, status: 'unprotected' as const, sets: 0 };
    const statuses = covering.map((set) => protectionOf(set.lastRunStatus));
    const status = PROTECTION_ORDER.find((candidate) => statuses.includes(candidate)) ?? 'pending';
    return { service, status, sets: covering.length };
  });
}

const latest = (dates: (Date | null)[], pick: 'max' | 'min'): string | null => {
  const times = dates.filter((d): d is Date => d !== null).map((d) => d.getTime());
  if (times.length === 0) return null;
  return new Date(pick === 'max' ? Math.max(...times) : Math.min(...times)).toISOString();
};

async function partnerSummary(db: Queryable, path: string, isProvider: boolean, now: Date): Promise<PartnerDashboard> {
  const days = lastDays(now, DASHBOARD_CHART_DAYS);
  const [organisations, protectedSeats, storageBytes, jobs24h, jobs7d, perDay, openAlerts, openTickets] = await Promise.all([
    countOrganisationsBelow(db, path),
    countProtectedSeats(db, path),
    sumStoredBytes(db, path),
    countFinishedJobs(db, path, 24),
    countFinishedJobs(db, path, 24 * DASHBOARD_CHART_DAYS),
    finishedJobsPerDay(db, path, new Date(`${days[0]}T00:00:00.000Z`)),
    countOpenAlerts(db, path, isProvider),
    countOpenTickets(db, path),
  ]);
  const daily: DailyJobs[] = days.map((day) => perDay.find((row) => row.day === day) ?? { day, succeeded: 0, warning: 0, failed: 0 });
  return { kind: 'partner', organisations, protectedSeats, storageBytes, jobs24h: toRate(jobs24h), jobs7d: toRate(jobs7d), daily, openAlerts, openTickets };
}

async function customerSummary(db: Queryable, path: string): Promise<CustomerDashboard> {
  const [sets, storageBytes, jobs, openAlerts] = await Promise.all([
    listActiveSets(db, path),
    sumStoredBytes(db, path),
    listRecentJobs(db, path, DASHBOARD_RECENT_JOBS),
    countOpenAlerts(db, path, false),
  ]);
  return {
    kind: 'customer',
    services: serviceProtection(sets),
    lastBackupAt: latest(sets.map((s) => s.lastRunAt), 'max'),
    nextBackupAt: latest(sets.map((s) => s.nextRunAt), 'min'),
    storageBytes,
    recentJobs: jobs.map((job) => ({ ...job, createdAt: job.createdAt.toISOString(), finishedAt: job.finishedAt?.toISOString() ?? null })),
    openAlerts,
  };
}

/** The caller's dashboard: the provider and partners see their subtree, customers their own organisation. */
export async function dashboardSummary(db: Queryable, caller: Pick<AuthContext, 'role' | 'organisationId'>, now = new Date()): Promise<DashboardSummary> {
  const organisation = await findOrganisationById(db, caller.organisationId);
  if (!organisation) throw notFound();
  if (caller.role === 'CUSTOMER' || caller.role === 'DIRECTCUSTOMER') return customerSummary(db, organisation.path);
  return partnerSummary(db, organisation.path, caller.role === 'ADMIN', now);
}
