import { z } from 'zod';
import { isoDateTime, storableString } from './storable';

// Remote deploy / rollback / failure reports (api/remotes...). Names follow the registry's rules:
// they become folder names and URL segments.
const remoteName = storableString().regex(/^[a-z][a-z0-9_]{0,63}$/, 'name must be a lowercase identifier');
const remoteVersion = storableString()
  .regex(/^[0-9A-Za-z][0-9A-Za-z.+-]{0,127}$/, 'version must contain only letters, digits, dots, plus and dashes')
  .refine((v) => !v.includes('..'), 'version must not contain ".."');

export const remoteNameParamsSchema = z.object({ name: remoteName });
export type RemoteNameParams = z.infer<typeof remoteNameParamsSchema>;

/** A version operators rolled back away from: no plain rollback or browser fallback returns to it. */
export const remoteRollbackMarkSchema = z.object({ at: storableString(), by: storableString(), reason: storableString().nullable() });
export type RemoteRollbackMark = z.infer<typeof remoteRollbackMarkSchema>;

export const remoteReleaseInfoSchema = z.object({
  version: storableString(),
  entry: storableString(),
  integrity: storableString(),
  builtAt: storableString().nullable(),
  gitCommit: storableString().nullable(),
  publishedAt: storableString(),
  rolledBack: remoteRollbackMarkSchema.nullable(),
});
export type RemoteReleaseInfo = z.infer<typeof remoteReleaseInfoSchema>;

export const remoteReleaseStatusSchema = remoteReleaseInfoSchema.extend({
  everLive: z.boolean(),
  /** Time the version was current, over every period it was (seconds). */
  liveSeconds: z.number(),
});
export type RemoteReleaseStatus = z.infer<typeof remoteReleaseStatusSchema>;

export const remotePointerChangeSchema = z.object({
  fromVersion: storableString().nullable(),
  toVersion: storableString(),
  at: storableString(),
  actor: storableString(),
  kind: z.enum(['deploy', 'rollback']),
  reason: storableString().nullable(),
});
export type RemotePointerChange = z.infer<typeof remotePointerChangeSchema>;

export const remoteStatusSchema = z.object({
  name: storableString(),
  current: storableString().nullable(),
  /** Where a rollback that names no version goes now: the version live before the current one. */
  rollbackTarget: storableString().nullable(),
  releases: z.array(remoteReleaseStatusSchema),
  history: z.array(remotePointerChangeSchema),
});
export type RemoteStatus = z.infer<typeof remoteStatusSchema>;

export const remoteListSchema = z.object({ remotes: z.array(remoteStatusSchema) });
export type RemoteList = z.infer<typeof remoteListSchema>;

/** Publish a version folder that is already in the remote store. The integrity is never sent:
 * the server computes it from the stored entry. */
const releaseFields = {
  version: remoteVersion,
  builtAt: isoDateTime().optional(),
  gitCommit: storableString()
    .regex(/^[0-9a-f]{7,64}$/, 'gitCommit must be a hex commit id')
    .optional(),
};
export const publishRemoteRequestSchema = z.object(releaseFields).strict();
export type PublishRemoteRequest = z.infer<typeof publishRemoteRequestSchema>;

export const ROLLBACK_REASON_MAX_LENGTH = 500;
export const rollbackRemoteRequestSchema = z
  .object({
    to: remoteVersion.optional(),
    reason: storableString().trim().max(ROLLBACK_REASON_MAX_LENGTH, `must be at most ${ROLLBACK_REASON_MAX_LENGTH} characters`).optional(),
  })
  .strict();
export type RollbackRemoteRequest = z.infer<typeof rollbackRemoteRequestSchema>;

export const remoteOperationResponseSchema = z.object({
  name: storableString(),
  release: remoteReleaseInfoSchema,
  pointer: remotePointerChangeSchema,
});
export type RemoteOperationResponse = z.infer<typeof remoteOperationResponseSchema>;

export const remoteFailureKindSchema = z.enum(['load', 'render', 'integrity']);
export type RemoteFailureKind = z.infer<typeof remoteFailureKindSchema>;

export const remoteFailureRequestSchema = z.object({
  version: remoteVersion,
  kind: remoteFailureKindSchema,
  message: storableString().max(2000, 'message must be at most 2000 characters'),
});
export type RemoteFailureRequest = z.infer<typeof remoteFailureRequestSchema>;

export const remoteFailureResponseSchema = z.object({ recorded: z.literal(true), alertId: z.number().nullable() });
export type RemoteFailureResponse = z.infer<typeof remoteFailureResponseSchema>;

export const remoteOperationAuditSchema = z.object({
  operations: z.array(
    z.object({
      at: storableString(),
      actor: storableString(),
      action: storableString(),
      name: storableString(),
      version: storableString(),
      fromVersion: storableString().nullable(),
      ip: storableString().nullable(),
    }),
  ),
});
export type RemoteOperationAudit = z.infer<typeof remoteOperationAuditSchema>;

export const remoteAlertsSchema = z.object({
  alerts: z.array(
    z.object({ id: z.number(), severity: storableString(), source: storableString(), message: storableString(), createdAt: storableString(), acknowledged: z.boolean() }),
  ),
});
export type RemoteAlerts = z.infer<typeof remoteAlertsSchema>;

// Canary releases: a published version served to a share of sessions until promoted or rolled back.
export const CANARY_PROMOTE_AFTER_MAX_MINUTES = 7 * 24 * 60;
export const startCanaryRequestSchema = z
  .object({
    ...releaseFields,
    percent: z.number().int('percent must be a whole number').min(1, 'percent must be between 1 and 100').max(100, 'percent must be between 1 and 100'),
    promoteAfterMinutes: z
      .number()
      .int('promoteAfterMinutes must be a whole number')
      .min(1, 'promoteAfterMinutes must be at least 1')
      .max(CANARY_PROMOTE_AFTER_MAX_MINUTES, `promoteAfterMinutes must be at most ${CANARY_PROMOTE_AFTER_MAX_MINUTES}`)
      .optional(),
  })
  .strict();
export type StartCanaryRequest = z.infer<typeof startCanaryRequestSchema>;

export const rollbackCanaryRequestSchema = z
  .object({ reason: storableString().trim().max(ROLLBACK_REASON_MAX_LENGTH, `must be at most ${ROLLBACK_REASON_MAX_LENGTH} characters`).optional() })
  .strict();

export const canaryStateSchema = z.enum(['running', 'promoted', 'rolled_back', 'replaced']);
const versionCountsSchema = z.object({ loads: z.number(), failures: z.number() });

export const canarySchema = z.object({
  id: z.number(),
  name: storableString(),
  version: storableString(),
  stableVersion: storableString().nullable(),
  percent: z.number(),
  state: canaryStateSchema,
  startedAt: storableString(),
  startedBy: storableString(),
  promoteAt: storableString().nullable(),
  endedAt: storableString().nullable(),
  endedBy: storableString().nullable(),
  reason: storableString().nullable(),
});
export type CanaryInfo = z.infer<typeof canarySchema>;
export const canaryResponseSchema = z.object({ canary: canarySchema });

/** The latest canary of each remote, with the loads and failures browsers reported since it started. */
export const canaryListSchema = z.object({
  canaries: z.array(canarySchema.extend({ canary: versionCountsSchema, stable: versionCountsSchema })),
});
export type CanaryList = z.infer<typeof canaryListSchema>;
