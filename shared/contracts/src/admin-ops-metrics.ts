import { z } from 'zod';
import { storableString } from './storable';

// Metrics (/grafana) and maintenance mode (/operator).

export { parseGrafanaUrl } from './grafana-url';

export const metricsConfigSchema = z.object({ grafanaUrl: storableString().nullable() });
export type MetricsConfig = z.infer<typeof metricsConfigSchema>;

export const METRICS_RANGES = ['1h', '24h', '7d'] as const;
export const metricsRangeSchema = z.enum(METRICS_RANGES, { error: `range must be one of ${METRICS_RANGES.join(', ')}` });
export type MetricsRange = z.infer<typeof metricsRangeSchema>;

/** Length of each range and the width of one chart point (samples are taken once a minute). */
export const METRICS_RANGE_STEPS: Record<MetricsRange, { spanMinutes: number; stepMinutes: number }> = {
  '1h': { spanMinutes: 60, stepMinutes: 1 },
  '24h': { spanMinutes: 24 * 60, stepMinutes: 15 },
  '7d': { spanMinutes: 7 * 24 * 60, stepMinutes: 120 },
};

export const metricsHistoryQuerySchema = z.object({ range: metricsRangeSchema.default('1h') });
export type MetricsHistoryQuery = z.infer<typeof metricsHistoryQuerySchema>;

export const metricsPointSchema = z.object({
  /** Start of the step (ISO). */
  at: storableString(),
  /** API requests per minute, averaged over the step. */
  requestsPerMinute: z.number(),
  /** Share of 5xx answers in the step, 0..1; null without requests. */
  errorRate: z.number().nullable(),
  /** 95th percentile request latency in ms; null without requests. */
  p95LatencyMs: z.number().nullable(),
  jobsSucceeded: z.number(),
  jobsFailed: z.number(),
  /** Last values seen in the step. */
  bytesProtected: z.number(),
  queueDepth: z.number(),
});
export type MetricsPoint = z.infer<typeof metricsPointSchema>;

export const metricsHistorySchema = z.object({
  range: metricsRangeSchema,
  stepMinutes: z.number(),
  /** Only steps that have samples, oldest first. */
  points: z.array(metricsPointSchema),
});
export type MetricsHistory = z.infer<typeof metricsHistorySchema>;

// Maintenance mode: the message is plain text, shown to every user and returned with the 503s.

export const MAINTENANCE_SETTING_KEY = 'maintenance';
export const MAINTENANCE_MESSAGE_MAX = 500;

export const maintenanceStatusSchema = z.object({
  enabled: z.boolean(),
  message: storableString().nullable(),
  since: storableString().nullable(),
});
export type MaintenanceStatus = z.infer<typeof maintenanceStatusSchema>;

const maintenanceMessageSchema = storableString({ error: 'message must be a string' })
  .trim()
  .max(MAINTENANCE_MESSAGE_MAX, `must be at most ${MAINTENANCE_MESSAGE_MAX} characters`);

// Switching off needs no message; switching on tells users why.
const requireMessageWhenOn = (value: { enabled: boolean; message: string }, ctx: z.RefinementCtx) => {
  if (value.enabled && value.message.length === 0) ctx.addIssue({ code: 'custom', path: ['message'], message: 'message is a required field' });
};

const enabledSchema = z.boolean({ error: 'enabled must be true or false' });

/** The operator's form (the message field always exists there). */
export const maintenanceFormSchema = z.object({ enabled: enabledSchema, message: maintenanceMessageSchema }).superRefine(requireMessageWhenOn);
export type MaintenanceForm = z.infer<typeof maintenanceFormSchema>;

/** PUT api/operator/maintenance: the same rules; the message may be left out when switching off. */
export const maintenanceUpdateSchema = z.object({ enabled: enabledSchema, message: maintenanceMessageSchema.default('') }).superRefine(requireMessageWhenOn);
export type MaintenanceUpdate = z.input<typeof maintenanceUpdateSchema>;
