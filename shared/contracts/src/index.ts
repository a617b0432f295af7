import { z } from 'zod';
import { storableString } from './storable';
import { userAccessSchema } from './user-access';

export * from './account';

// Schemas are shared by the browser forms and the API's validation so the two cannot drift.
// Keep this module free of HTTP code: the API imports it too (the typed calls live in ./calls).

export const ROLE_VALUES = ['ADMIN', 'PARTNER', 'DIRECTPARTNER', 'CUSTOMER', 'DIRECTCUSTOMER'] as const;
export const roleSchema = z.enum(ROLE_VALUES);
export type Role = z.infer<typeof roleSchema>;

// Messages follow the spec's generic templates ("{path} is a required field").
const requiredString = (path: string) =>
  storableString({
      error: (issue) => (issue.input === undefined || issue.input === null ? `${path} is a required field` : `${path} must be a string`),
    })
    .min(1, `${path} is a required field`);

export const signinRequestSchema = z.object({
  username: requiredString('username').max(254, 'username must be at most 254 characters'),
  // Upper bound only guards the hasher against huge inputs; the 8..20 rule belongs to password changes.
  password: requiredString('password').max(1024, 'password must be at most 1024 characters'),
});
export type SigninRequest = z.infer<typeof signinRequestSchema>;

export const sessionUserSchema = z.object({
  userId: storableString(),
  role: roleSchema,
  mfa: z.boolean(),
  email: storableString(),
  firstName: storableString(),
  lastName: storableString(),
  username: storableString(),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const signinResponseSchema = sessionUserSchema.extend({
  accessToken: storableString(),
  // Present only when mfa is true: where the second factor comes from.
  mfaMethod: z.enum(['email', 'totp']).optional(),
});
export type SigninResponse = z.infer<typeof signinResponseSchema>;

export const signoutResponseSchema = z.object({ message: storableString() });
export type SignoutResponse = z.infer<typeof signoutResponseSchema>;

export const profileSchema = z.object({
  userId: storableString(),
  username: storableString(),
  email: storableString(),
  firstName: storableString(),
  lastName: storableString(),
  role: roleSchema,
  profileImageUrl: storableString().nullable(),
  organisationName: storableString(),
  /** Access level within the tier; pages disable the changes a read-only user may not make. */
  access: userAccessSchema.optional(),
});
export type Profile = z.infer<typeof profileSchema>;

export const platformVersionSchema = z.object({ version: storableString() });
export type PlatformVersion = z.infer<typeof platformVersionSchema>;

// Health (api/health) lives in admin-ops-health.ts, re-exported below.

export const errorResponseSchema = z.object({ errorMessage: storableString() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const userIdParamsSchema = z.object({
  userId: z.uuid({ error: 'userId must be a valid id' }),
});
export type UserIdParams = z.infer<typeof userIdParamsSchema>;

// Module Federation registry (/remotes.json). Names and versions become URL path segments,
// so they are restricted to characters that cannot escape the remote's folder.
export const remoteNameSchema = storableString().regex(/^[a-z][a-z0-9_]{0,63}$/, 'name must be a lowercase identifier');
export const remoteVersionSchema = storableString()
  .regex(/^[0-9A-Za-z][0-9A-Za-z.+-]{0,127}$/, 'version must contain only letters, digits, dots, plus and dashes')
  .refine((v) => !v.includes('..'), 'version must not contain ".."');
export const integritySchema = storableString().regex(/^sha(256|384|512)-[A-Za-z0-9+/]+={0,2}$/, 'integrity must be an SRI hash');

export const remoteReleaseSchema = z.object({
  name: remoteNameSchema,
  version: remoteVersionSchema,
  entry: storableString().min(1, 'entry is a required field'),
  integrity: integritySchema,
});
export type RemoteRelease = z.infer<typeof remoteReleaseSchema>;

/** An earlier version a browser may fall back to; its integrity, too, comes from the server. */
export const registryFallbackSchema = remoteReleaseSchema.pick({ version: true, entry: true, integrity: true });
export type RegistryFallback = z.infer<typeof registryFallbackSchema>;

/** One remote in /remotes.json: its live version, and up to three earlier ones (newest first). */
export const registryEntrySchema = remoteReleaseSchema.extend({ fallbacks: z.array(registryFallbackSchema).optional() });
export type RegistryEntry = z.infer<typeof registryEntrySchema>;

/** The body of /remotes.json (the portal server writes it, the host reads it). */
export const remotesRegistrySchema = z.object({
  remotes: z.array(registryEntrySchema),
});
export type RemotesRegistry = z.infer<typeof remotesRegistrySchema>;
export * from './support';
export * from './account-settings';
export * from './whitelabel-sender';
export * from './backup';
export * from './tenant-consent';
export * from './remotes';
export * from './admin';
export * from './user-access';
export * from './admin-ops-dashboard';
export * from './admin-ops-alerts';
export * from './admin-ops-health';
export * from './admin-ops-operator-jobs';
export * from './admin-ops-metrics';
export * from './storable';
export * from './api-keys';
export * from './webhooks';
export * from './usage';
