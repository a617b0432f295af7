import { z } from 'zod';
import { storableString } from './storable';
import { backupServiceSchema } from './backup';

// The role-aware dashboard summary: one call, scoped to the caller's subtree.

/** Finished jobs over a window; `rate` is succeeded / finished (0..1), null when nothing finished. */
export const jobRateSchema = z.object({
  finished: z.number().int().nonnegative(),
  succeeded: z.number().int().nonnegative(),
  rate: z.number().min(0).max(1).nullable(),
});
export type JobRate = z.infer<typeof jobRateSchema>;

/** Finished jobs of one UTC day, for the 7-day chart. */
export const dailyJobsSchema = z.object({
  day: storableString(),
  succeeded: z.number().int().nonnegative(),
  warning: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
export type DailyJobs = z.infer<typeof dailyJobsSchema>;

export const partnerDashboardSchema = z.object({
  kind: z.literal('partner'),
  organisations: z.number().int().nonnegative(),
  protectedSeats: z.number().int().nonnegative(),
  storageBytes: z.number().nonnegative(),
  jobs24h: jobRateSchema,
  jobs7d: jobRateSchema,
  daily: z.array(dailyJobsSchema),
  openAlerts: z.number().int().nonnegative(),
  openTickets: z.number().int().nonnegative(),
});
export type PartnerDashboard = z.infer<typeof partnerDashboardSchema>;

export const SERVICE_PROTECTION_VALUES = ['protected', 'warning', 'failed', 'pending', 'unprotected'] as const;
export const serviceProtectionSchema = z.enum(SERVICE_PROTECTION_VALUES);
export type ServiceProtection = z.infer<typeof serviceProtectionSchema>;

export const dashboardJobSchema = z.object({
  id: storableString(),
  title: storableString(),
  type: z.enum(['backup', 'restore']),
  status: storableString(),
  createdAt: storableString(),
  finishedAt: storableString().nullable(),
});
export type DashboardJob = z.infer<typeof dashboardJobSchema>;

export const customerDashboardSchema = z.object({
  kind: z.literal('customer'),
  services: z.array(z.object({ service: backupServiceSchema, status: serviceProtectionSchema, sets: z.number().int().nonnegative() })),
  lastBackupAt: storableString().nullable(),
  nextBackupAt: storableString().nullable(),
  storageBytes: z.number().nonnegative(),
  recentJobs: z.array(dashboardJobSchema),
  openAlerts: z.number().int().nonnegative(),
});
export type CustomerDashboard = z.infer<typeof customerDashboardSchema>;

export const dashboardSummarySchema = z.discriminatedUnion('kind', [partnerDashboardSchema, customerDashboardSchema]);
export type DashboardSummary = z.infer<typeof dashboardSummarySchema>;

/** How many recent jobs the customer dashboard lists. */
export const DASHBOARD_RECENT_JOBS = 5;
