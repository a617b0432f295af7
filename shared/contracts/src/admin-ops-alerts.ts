import { z } from 'zod';
import { storableString } from './storable';

// Alerts: raised by failed/warning jobs and remote fallbacks; acknowledged, then resolved.

export const ALERT_LEVELS = ['info', 'warning', 'error', 'critical'] as const;
export const alertLevelSchema = z.enum(ALERT_LEVELS, { error: `severity must be one of ${ALERT_LEVELS.join(', ')}` });
export type AlertLevel = z.infer<typeof alertLevelSchema>;

export const ALERT_STATUSES = ['open', 'acknowledged', 'resolved'] as const;
export const alertStatusSchema = z.enum(ALERT_STATUSES);
export type AlertStatus = z.infer<typeof alertStatusSchema>;

/** The list filter: `active` is open or acknowledged (everything not resolved). */
export const ALERT_STATUS_FILTERS = ['active', 'open', 'acknowledged', 'resolved', 'all'] as const;
export const alertStatusFilterSchema = z.enum(ALERT_STATUS_FILTERS, { error: `status must be one of ${ALERT_STATUS_FILTERS.join(', ')}` });
export type AlertStatusFilter = z.infer<typeof alertStatusFilterSchema>;

/**
 * What raised an alert, from the prefix of its `source`: job:<id> (the job trigger),
 * security:<what>:<userId>, m365:<what>:<tenantId>, remote:<name>@<version>:<kind> (remote fallbacks).
 */
export const ALERT_SOURCE_KINDS = ['job', 'security', 'm365', 'remote'] as const;
export const alertSourceKindSchema = z.enum(ALERT_SOURCE_KINDS, { error: `kind must be one of ${ALERT_SOURCE_KINDS.join(', ')}` });
export type AlertSourceKind = z.infer<typeof alertSourceKindSchema>;
export const ALERT_SOURCE_KIND_LABELS: Record<AlertSourceKind, string> = { job: 'Job', security: 'Security', m365: 'Microsoft 365', remote: 'Remote' };

/** The kind of a source, or null for one no known producer writes. */
export function alertSourceKind(source: string): AlertSourceKind | null {
  const prefix = source.split(':', 1)[0];
  return (ALERT_SOURCE_KINDS as readonly string[]).includes(prefix) ? (prefix as AlertSourceKind) : null;
}

export const ALERT_LIST_LIMIT = 200;

export const ALERT_MESSAGES = Object.freeze({
  notOpen: 'Only open alerts can be acknowledged',
  alreadyResolved: 'The alert is already resolved',
});

export const alertListQuerySchema = z.object({
  severity: alertLevelSchema.optional(),
  status: alertStatusFilterSchema.default('active'),
  kind: alertSourceKindSchema.optional(),
});
export type AlertListQuery = z.infer<typeof alertListQuerySchema>;
export type AlertListParams = z.input<typeof alertListQuerySchema>;

export const alertIdParamsSchema = z.object({ id: storableString().regex(/^[1-9][0-9]{0,17}$/, 'id must be an alert number') });
export type AlertIdParams = z.infer<typeof alertIdParamsSchema>;

export const alertSchema = z.object({
  id: storableString(),
  severity: alertLevelSchema,
  source: storableString(),
  message: storableString(),
  status: alertStatusSchema,
  /** Null for platform alerts (remote fallbacks), which only the provider sees. */
  organisationName: storableString().nullable(),
  createdAt: storableString(),
  acknowledgedAt: storableString().nullable(),
  acknowledgedByName: storableString().nullable(),
  resolvedAt: storableString().nullable(),
  resolvedByName: storableString().nullable(),
});
export type AlertView = z.infer<typeof alertSchema>;

export const alertListSchema = z.object({ alerts: z.array(alertSchema) });
export type AlertList = z.infer<typeof alertListSchema>;
