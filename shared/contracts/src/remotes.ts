import { z } from 'zod';

// Remote deploy / rollback / failure reports (api/remotes...). Names follow the registry's rules:
// they become folder names and URL segments.
const remoteName = z.string().regex(/^[a-z][a-z0-9_]{0,63}$/, 'name must be a lowercase identifier');
const remoteVersion = z
  .string()
  .regex(/^[0-9A-Za-z][0-9A-Za-z.+-]{0,127}$/, 'version must contain only letters, digits, dots, plus and dashes')
  .refine((v) => !v.includes('..'), 'version must not contain ".."');

export const remoteNameParamsSchema = z.object({ name: remoteName });
export type RemoteNameParams = z.infer<typeof remoteNameParamsSchema>;

export const remoteReleaseInfoSchema = z.object({
  version: z.string(),
  entry: z.string(),
  integrity: z.string(),
  builtAt: z.string().nullable(),
  gitCommit: z.string().nullable(),
  publishedAt: z.string(),
});
export type RemoteReleaseInfo = z.infer<typeof remoteReleaseInfoSchema>;

export const remotePointerChangeSchema = z.object({
  fromVersion: z.string().nullable(),
  toVersion: z.string(),
  at: z.string(),
  actor: z.string(),
});
export type RemotePointerChange = z.infer<typeof remotePointerChangeSchema>;

export const remoteStatusSchema = z.object({
  name: z.string(),
  current: z.string().nullable(),
  releases: z.array(remoteReleaseInfoSchema),
  history: z.array(remotePointerChangeSchema),
});
export type RemoteStatus = z.infer<typeof remoteStatusSchema>;

export const remoteListSchema = z.object({ remotes: z.array(remoteStatusSchema) });
export type RemoteList = z.infer<typeof remoteListSchema>;

/** Publish a version folder that is already in the remote store. The integrity is never sent:
 * the server computes it from the stored entry. */
export const publishRemoteRequestSchema = z
  .object({
    version: remoteVersion,
    builtAt: z.iso.datetime({ offset: true }).optional(),
    gitCommit: z
      .string()
      .regex(/^[0-9a-f]{7,64}$/, 'gitCommit must be a hex commit id')
      .optional(),
  })
  .strict();
export type PublishRemoteRequest = z.infer<typeof publishRemoteRequestSchema>;

export const rollbackRemoteRequestSchema = z.object({ to: remoteVersion.optional() }).strict();
export type RollbackRemoteRequest = z.infer<typeof rollbackRemoteRequestSchema>;

export const remoteOperationResponseSchema = z.object({
  name: z.string(),
  release: remoteReleaseInfoSchema,
  pointer: remotePointerChangeSchema,
});
export type RemoteOperationResponse = z.infer<typeof remoteOperationResponseSchema>;

export const remoteFailureKindSchema = z.enum(['load', 'render', 'integrity']);
export type RemoteFailureKind = z.infer<typeof remoteFailureKindSchema>;

export const remoteFailureRequestSchema = z.object({
  version: remoteVersion,
  kind: remoteFailureKindSchema,
  message: z.string().max(2000, 'message must be at most 2000 characters'),
});
export type RemoteFailureRequest = z.infer<typeof remoteFailureRequestSchema>;

export const remoteFailureResponseSchema = z.object({ recorded: z.literal(true), alertId: z.number().nullable() });
export type RemoteFailureResponse = z.infer<typeof remoteFailureResponseSchema>;

export const remoteOperationAuditSchema = z.object({
  operations: z.array(
    z.object({
      at: z.string(),
      actor: z.string(),
      action: z.string(),
      name: z.string(),
      version: z.string(),
      fromVersion: z.string().nullable(),
      ip: z.string().nullable(),
    }),
  ),
});
export type RemoteOperationAudit = z.infer<typeof remoteOperationAuditSchema>;

export const remoteAlertsSchema = z.object({
  alerts: z.array(
    z.object({ id: z.number(), severity: z.string(), source: z.string(), message: z.string(), createdAt: z.string(), acknowledged: z.boolean() }),
  ),
});
export type RemoteAlerts = z.infer<typeof remoteAlertsSchema>;
