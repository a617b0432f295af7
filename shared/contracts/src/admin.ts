import { z } from 'zod';
import { isoDateTime, storableString } from './storable';
import { emailFieldSchema, newPasswordFieldSchema } from './account';
import { ALL_ROLES } from '@portal/config';
import { userAccessSchema } from './user-access';

// User management and the audit log. The forms and the API validate with these same
// schemas, so the browser and the server cannot disagree.

// Local copy of the role enum: importing it from ./index would be an import cycle.
const roleSchema = z.enum(ALL_ROLES as unknown as ['ADMIN', 'PARTNER', 'DIRECTPARTNER', 'CUSTOMER', 'DIRECTCUSTOMER']);

export const ORGANISATION_KIND_VALUES = ['PROVIDER', 'PARTNER', 'DIRECTPARTNER', 'CUSTOMER', 'DIRECTCUSTOMER'] as const;
export const organisationKindSchema = z.enum(ORGANISATION_KIND_VALUES);
export type OrganisationKindName = z.infer<typeof organisationKindSchema>;

export const ORGANISATION_NAME_MAX_LENGTH = 100;

export const ADMIN_MESSAGES = Object.freeze({
  nameRequired: 'Name is a required field',
  nameTooLong: `Name must be at most ${ORGANISATION_NAME_MAX_LENGTH} characters`,
  kindNotAllowed: 'You cannot create this kind of organisation',
  organisationCreated: 'Organisation created.',
  organisationUpdated: 'Organisation updated.',
  organisationDeleted: 'Organisation deleted.',
  organisationNotEmpty: 'Remove its users and organisations first',
  ownOrganisation: 'You cannot change your own organisation here',
  firstNameRequired: 'First name is a required field',
  lastNameRequired: 'Last name is a required field',
  usernameRequired: 'Username is a required field',
  usernameInvalid: 'Username may contain letters, digits, dots, dashes and underscores (3 to 50)',
  emailRequired: 'Email is a required field',
  emailInvalid: 'must be a valid email',
  usernameTaken: 'This username is already taken',
  emailTaken: 'This e-mail is already registered',
  userInvited: 'Invitation sent.',
  userUpdated: 'User updated.',
  mfaReset: 'MFA reset: the user signs in with the password only until MFA is set up again.',
  ownAccount: 'You cannot change your own account here',
});
const M = ADMIN_MESSAGES;

/** Which kinds each role may create, always directly below its own organisation. */
export const CREATABLE_KINDS: Readonly<Record<z.infer<typeof roleSchema>, readonly OrganisationKindName[]>> = Object.freeze({
  ADMIN: ['PARTNER', 'DIRECTPARTNER', 'DIRECTCUSTOMER'],
  // Both partner tiers resell to customers; the tenancy model places customers under either.
  PARTNER: ['CUSTOMER'],
  DIRECTPARTNER: ['CUSTOMER'],
  CUSTOMER: [],
  DIRECTCUSTOMER: [],
});

/** Users of an organisation kind have exactly this role (one role per tier). */
export const ROLE_FOR_KIND: Readonly<Record<OrganisationKindName, z.infer<typeof roleSchema>>> = Object.freeze({
  PROVIDER: 'ADMIN',
  PARTNER: 'PARTNER',
  DIRECTPARTNER: 'DIRECTPARTNER',
  CUSTOMER: 'CUSTOMER',
  DIRECTCUSTOMER: 'DIRECTCUSTOMER',
});

const text = (required: string) =>
  storableString({ error: (issue) => (issue.input === undefined || issue.input === null ? required : `${required.split(' is ')[0]} must be a string`) }).trim().min(1, required);

export const organisationNameSchema = text(M.nameRequired).max(ORGANISATION_NAME_MAX_LENGTH, M.nameTooLong);

export const organisationNodeSchema = z.object({
  id: storableString(),
  name: storableString(),
  kind: organisationKindSchema,
  parentId: storableString().nullable(),
  suspended: z.boolean(),
  demo: z.boolean(),
  createdAt: storableString(),
  userCount: z.number().int().nonnegative(),
  /** Distinct Microsoft 365 users protected by the organisation's backup sets. */
  seats: z.number().int().nonnegative(),
  /** True when the caller may edit, suspend or delete it (below the caller's own organisation). */
  manageable: z.boolean(),
  /** This organisation's own MFA requirement (it applies to everything below it too). */
  mfaRequired: z.boolean(),
  /** An ancestor requires MFA: in force here and locked, whatever the own switch says. */
  mfaInherited: z.boolean(),
});
export type OrganisationNode = z.infer<typeof organisationNodeSchema>;

export const organisationTreeSchema = z.object({
  rootId: storableString(),
  creatableKinds: z.array(organisationKindSchema),
  organisations: z.array(organisationNodeSchema),
});
export type OrganisationTree = z.infer<typeof organisationTreeSchema>;

export const createOrganisationRequestSchema = z.object({
  name: organisationNameSchema,
  kind: organisationKindSchema,
});
export type CreateOrganisationRequest = z.infer<typeof createOrganisationRequestSchema>;

export const updateOrganisationRequestSchema = z.object({
  name: organisationNameSchema.optional(),
  suspended: z.boolean().optional(),
  mfaRequired: z.boolean().optional(),
});
export type UpdateOrganisationRequest = z.infer<typeof updateOrganisationRequestSchema>;

/** MFA enforcement for a subtree: the API's refusals and the UI's explanations use these texts. */
export const MFA_POLICY_MESSAGES = Object.freeze({
  lockedByParent: 'MFA is required by a higher organisation and cannot be switched off here',
  requiredForAccount: 'Your organisation requires multi-factor authentication, so it cannot be turned off',
  required: 'MFA is now required for this organisation and everything below it.',
  notRequired: 'MFA is no longer required for this organisation.',
});

export const organisationIdParamsSchema = z.object({ orgId: z.uuid({ error: 'orgId must be a valid id' }) });
export type OrganisationIdParams = z.infer<typeof organisationIdParamsSchema>;

export const managedUserIdParamsSchema = z.object({ userId: z.uuid({ error: 'userId must be a valid id' }) });
export type ManagedUserIdParams = z.infer<typeof managedUserIdParamsSchema>;

export const managedUserSchema = z.object({
  id: storableString(),
  organisationId: storableString(),
  username: storableString(),
  email: storableString(),
  firstName: storableString(),
  lastName: storableString(),
  role: roleSchema,
  /** Access level within the tier: 'read-only' sees everything the role sees and changes nothing. */
  access: userAccessSchema,
  mfa: z.boolean(),
  suspended: z.boolean(),
  /** Invited and has not set a password yet. */
  invitePending: z.boolean(),
  createdAt: storableString(),
});
export type ManagedUser = z.infer<typeof managedUserSchema>;

export const managedUserListSchema = z.object({ users: z.array(managedUserSchema) });
export type ManagedUserList = z.infer<typeof managedUserListSchema>;

export const inviteUserRequestSchema = z.object({
  firstName: text(M.firstNameRequired).max(50, 'First name must be at most 50 characters'),
  lastName: text(M.lastNameRequired).max(50, 'Last name must be at most 50 characters'),
  username: text(M.usernameRequired).regex(/^[A-Za-z0-9._-]{3,50}$/, M.usernameInvalid),
  email: text(M.emailRequired).max(254, M.emailInvalid).pipe(z.email(M.emailInvalid)),
});
export type InviteUserRequest = z.infer<typeof inviteUserRequestSchema>;

export const updateManagedUserRequestSchema = z.object({ suspended: z.boolean() });
export type UpdateManagedUserRequest = z.infer<typeof updateManagedUserRequestSchema>;

export const adminMessageSchema = z.object({ message: storableString() });
export type AdminMessage = z.infer<typeof adminMessageSchema>;

export const acceptInviteRequestSchema = z.object({
  email: emailFieldSchema,
  token: storableString().min(1, 'This invitation link is invalid or has expired').max(200, 'This invitation link is invalid or has expired'),
  password: newPasswordFieldSchema(),
});
export type AcceptInviteRequest = z.infer<typeof acceptInviteRequestSchema>;

export const INVITE_MESSAGES = Object.freeze({
  invalid: 'This invitation link is invalid or has expired',
  accepted: 'Your password is set. You can sign in now.',
  suspended: 'This account is suspended',
});

// ---- audit log ----

export const auditEntrySchema = z.object({
  seq: z.number().int(),
  at: storableString(),
  actorName: storableString().nullable(),
  action: storableString(),
  target: storableString().nullable(),
  ip: storableString().nullable(),
  organisationName: storableString().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const AUDIT_PAGE_SIZE_MAX = 100;

export const auditListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(AUDIT_PAGE_SIZE_MAX).default(25),
  action: storableString().trim().max(64).optional(),
  search: storableString().trim().max(200).optional(),
  from: isoDateTime().optional(),
  to: isoDateTime().optional(),
});
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;
export type AuditListParams = Partial<{ page: number; pageSize: number; action: string; search: string; from: string; to: string }>;

export const auditPageSchema = z.object({
  entries: z.array(auditEntrySchema),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  pageSize: z.number().int(),
});
export type AuditPage = z.infer<typeof auditPageSchema>;

export const AUDIT_VERIFY_BROKEN_MAX = 100;

export const auditVerifySchema = z.object({
  valid: z.boolean(),
  checked: z.number().int().nonnegative(),
  /** The first entry whose hash does not match its content or predecessor. */
  brokenAtSeq: z.number().int().nullable(),
  /** Every broken entry, oldest first, up to AUDIT_VERIFY_BROKEN_MAX: a second tampering is not hidden by the first. */
  brokenSeqs: z.array(z.number().int()).max(AUDIT_VERIFY_BROKEN_MAX).default([]),
  /** How many entries are broken in all (brokenSeqs may be cut short). */
  brokenCount: z.number().int().nonnegative().default(0),
});
export type AuditVerify = z.infer<typeof auditVerifySchema>;
