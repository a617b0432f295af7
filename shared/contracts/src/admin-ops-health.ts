import { z } from 'zod';
import { storableString } from './storable';
import { remoteFailureRequestSchema } from './remotes';

// /health-check: every part the portal depends on, each with a status, a latency and a
// sentence an operator can act on. Parts added after the first version are optional in the schema
// so older answers still parse; the API always sends them.

export const healthStatusSchema = z.enum(['ok', 'degraded', 'down']);
export const componentStatusSchema = z.enum(['ok', 'degraded', 'down']);
export type HealthStatus = z.infer<typeof healthStatusSchema>;

/** What every checked part has in common. */
const partShape = {
  status: componentStatusSchema,
  latencyMs: z.number().nonnegative().nullable(),
  detail: storableString(),
};

export const emailHealthSchema = z.object({
  ...partShape,
  mode: z.enum(['smtp', 'outbox']),
  /** Outbox mode: messages kept in the outbox table (never delivered elsewhere). */
  pending: z.number().int().nonnegative().nullable(),
  oldestPendingSeconds: z.number().nonnegative().nullable(),
});
export type EmailHealth = z.infer<typeof emailHealthSchema>;

export const blobStoreHealthSchema = z.object({ ...partShape, kind: storableString() });
export type BlobStoreHealth = z.infer<typeof blobStoreHealthSchema>;

export const jobQueueHealthSchema = z.object({
  ...partShape,
  kind: z.enum(['embedded', 'pg-boss']),
  queued: z.number().int().nonnegative(),
  running: z.number().int().nonnegative(),
  oldestQueuedSeconds: z.number().nonnegative().nullable(),
  liveWorkers: z.number().int().nonnegative(),
});
export type JobQueueHealth = z.infer<typeof jobQueueHealthSchema>;

/** One connected backup tenant's Graph connectivity; credentials are never part of it. */
export const tenantGraphHealthSchema = z.object({
  id: storableString(),
  name: storableString(),
  organisationName: storableString(),
  /** The M365 organisation Graph reported (null when the call failed). */
  graphOrganization: storableString().nullable(),
  status: componentStatusSchema,
  latencyMs: z.number().nonnegative().nullable(),
  error: storableString().nullable(),
  checkedAt: storableString(),
});
export type TenantGraphHealth = z.infer<typeof tenantGraphHealthSchema>;

export const remoteHealthSchema = z.object({
  name: storableString(),
  version: storableString(),
  publishedAt: storableString(),
  status: componentStatusSchema.optional(),
  /** Browser reports for the current version over the last 24 hours. */
  loads24h: z.number().int().nonnegative().optional(),
  failures24h: z.number().int().nonnegative().optional(),
  lastFailure: z.object({ message: storableString(), at: storableString() }).nullable().optional(),
});
export type RemoteHealth = z.infer<typeof remoteHealthSchema>;

export const healthSchema = z.object({
  status: healthStatusSchema,
  checkedAt: storableString(),
  api: z.object({
    status: componentStatusSchema,
    version: storableString(),
    uptimeSeconds: z.number().nonnegative(),
  }),
  database: z.object({
    status: componentStatusSchema,
    driver: z.enum(['pglite', 'postgres']),
    latencyMs: z.number().nonnegative().nullable(),
  }),
  email: emailHealthSchema.optional(),
  blobStore: blobStoreHealthSchema.optional(),
  jobQueue: jobQueueHealthSchema.optional(),
  tenants: z.array(tenantGraphHealthSchema).optional(),
  remotes: z.array(remoteHealthSchema),
});
export type Health = z.infer<typeof healthSchema>;

/** POST api/remotes/:name/loads: a browser loaded this version's module in `ms` milliseconds. */
export const remoteLoadRequestSchema = z.object({
  version: remoteFailureRequestSchema.shape.version,
  ms: z.number().int('ms must be an integer').min(0, 'ms must be at least 0').max(600_000, 'ms must be at most 600000'),
});
export type RemoteLoadRequest = z.infer<typeof remoteLoadRequestSchema>;

export const remoteLoadResponseSchema = z.object({ recorded: z.literal(true) });
export type RemoteLoadResponse = z.infer<typeof remoteLoadResponseSchema>;
