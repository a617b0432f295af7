import { z } from 'zod';
import { blankToUndefined, idField, pageOf, pageSizeParam } from './paging';
import { storableString } from './storable';

// The usage feed (per customer organisation and UTC day) and the monthly usage reports (issue 22).
// The counting rules are written once, in infra/api/README.md ("Usage feed"), and summed up in the
// endpoints' OpenAPI descriptions.

/** The longest range one usage request may cover. */
export const USAGE_MAX_DAYS = 366;
export const USAGE_REPORTS_PAGE_SIZE_MAX = 100;

export const USAGE_MESSAGES = Object.freeze({
  dayInvalid: 'must be a date (YYYY-MM-DD)',
  rangeReversed: 'from must not be after to',
  rangeTooLong: `The range may cover at most ${USAGE_MAX_DAYS} days`,
});

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (2026-02-30 is refused, not rolled over). */
export const isCalendarDay = (value: string): boolean => DAY.test(value) && new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) === value;

const dayParam = (name: string) =>
  z.preprocess(blankToUndefined, storableString().refine(isCalendarDay, `${name} ${USAGE_MESSAGES.dayInvalid}`).optional());

/** Today's UTC day, YYYY-MM-DD. */
export const utcDay = (at: Date = new Date()): string => at.toISOString().slice(0, 10);

const DAY_MS = 24 * 60 * 60 * 1000;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/**
 * GET api/usage: `from` and `to` are UTC days, both included (default: the current month so far);
 * `customerId` narrows to one customer organisation of the caller's subtree.
 */
export const usageQuerySchema = z
  .object({
    from: dayParam('from'),
    to: dayParam('to'),
    customerId: z.preprocess(blankToUndefined, idField('customerId').optional()),
  })
  .transform((query) => {
    const today = utcDay();
    return { ...query, from: query.from ?? `${today.slice(0, 8)}01`, to: query.to ?? today };
  })
  .superRefine((query, ctx) => {
    if (query.from > query.to) ctx.addIssue({ code: 'custom', message: USAGE_MESSAGES.rangeReversed, path: ['from'] });
    else if (daysBetween(query.from, query.to) >= USAGE_MAX_DAYS) ctx.addIssue({ code: 'custom', message: USAGE_MESSAGES.rangeTooLong, path: ['to'] });
  });
export type UsageQuery = z.output<typeof usageQuerySchema>;
export type UsageQueryInput = z.input<typeof usageQuerySchema>;

const count = z.number().int().nonnegative();

/** The figures of one customer organisation on one UTC day (see the counting rules). */
export const usageFiguresSchema = z.object({
  licensedMailboxes: count,
  sharedMailboxes: count,
  oneDriveAccounts: count,
  sites: count,
  /** Billable seats: licensed users (each once, whatever is protected of them) plus sites. */
  seats: count,
  /** Items (not folders) the catalog holds in their current version. */
  items: count,
  /** Their size at the source. */
  protectedBytes: z.number().nonnegative(),
  /** What the backup store holds for the organisation's tenants (every version, after compression). */
  storedBytes: z.number().nonnegative(),
});
export type UsageFigures = z.infer<typeof usageFiguresSchema>;

export const usageDaySchema = usageFiguresSchema.extend({
  day: storableString(),
  organisationId: storableString(),
  organisationName: storableString(),
});
export type UsageDay = z.infer<typeof usageDaySchema>;

export const usageListSchema = z.object({ from: storableString(), to: storableString(), items: z.array(usageDaySchema) });
export type UsageList = z.infer<typeof usageListSchema>;

/** The customer organisations of the caller's subtree (the caller's own, for a customer). */
export const usageCustomerListSchema = z.object({ items: z.array(z.object({ id: storableString(), name: storableString() })) });
export type UsageCustomerList = z.infer<typeof usageCustomerListSchema>;

export const usageReportListQuerySchema = z.object({
  customerId: z.preprocess(blankToUndefined, idField('customerId').optional()),
  page: z.preprocess(blankToUndefined, z.coerce.number({ error: 'page must be a positive number' }).int().min(1, 'page must be a positive number').default(1)),
  pageSize: pageSizeParam(USAGE_REPORTS_PAGE_SIZE_MAX, 25),
});
export type UsageReportListQuery = z.output<typeof usageReportListQuerySchema>;
export type UsageReportListQueryInput = z.input<typeof usageReportListQuerySchema>;

export const usageReportSchema = z.object({
  id: storableString(),
  organisationId: storableString(),
  organisationName: storableString(),
  /** YYYY-MM. */
  month: storableString(),
  /** Days of the month with figures. */
  days: count,
  peakSeats: count,
  createdAt: storableString(),
  mailedAt: storableString().nullable(),
});
export type UsageReport = z.infer<typeof usageReportSchema>;
export const usageReportPageSchema = pageOf(usageReportSchema);
export type UsageReportPage = z.infer<typeof usageReportPageSchema>;

export const USAGE_REPORT_FORMATS = ['csv', 'pdf'] as const;
export type UsageReportFormat = (typeof USAGE_REPORT_FORMATS)[number];
const formatParam = z.enum(USAGE_REPORT_FORMATS, { error: `format must be one of ${USAGE_REPORT_FORMATS.join(', ')}` });

export const usageReportIdParamsSchema = z.object({ reportId: idField('reportId') });
export const usageReportLinkQuerySchema = z.object({ format: formatParam });
export const usageReportDownloadQuerySchema = z.object({ format: formatParam, token: storableString().min(1).max(500) });
