import crypto from 'node:crypto';
import {
  ADMIN_MESSAGES as M,
  CREATABLE_KINDS,
  INVITE_MESSAGES,
  MFA_POLICY_MESSAGES,
  ROLE_FOR_KIND,
  type AcceptInviteRequest,
  type AdminMessage,
  type CreateOrganisationRequest,
  type InviteUserRequest,
  type ManagedUser,
  type ManagedUserList,
  type OrganisationNode,
  type OrganisationTree,
  type Role,
  type UpdateOrganisationRequest,
  type UserAccess,
  USER_ACCESS_MESSAGES,
} from '@portal/contracts';
import { ONE_TIME_CODE_MAX_ATTEMPTS, codeMatches, hashCode, newSalt } from '../identity/one-time-code';
import { hashPassword } from '../identity/password';
import { assertAcceptablePassword } from '../identity/password-policy';
import { envelope } from '../mail/messages';
import { findOrganisationById, type Organisation } from '../repositories/organisations-repository';
import { findMfaPolicy, setMfaRequired } from '../repositories/mfa-policy-repository';
import { revokeAllSessionsOfUser } from '../repositories/sessions-repository';
import {
  clearMfa,
  consumeInviteCode,
  countChildrenAndUsers,
  deleteOrganisationRow,
  findManagedUser,
  insertInviteCode,
  listSubtreeSummaries,
  listUsersOfOrganisation,
  markInvited,
  renameOrganisation,
  reserveInviteAttempt,
  revokeSubtreeSessions,
  setSubtreeSuspended,
  setUserAccess,
  setUserSuspended,
  voidInviteCodes,
  type ManagedUserRow,
  type OrganisationSummaryRow,
} from '../repositories/user-management-repository';
import { emailExists, findUserByEmail, findUserById, updatePasswordHash, usernameExists } from '../repositories/users-repository';
import type { AccountDeps } from './account-service';
import { recordAudit } from './audit-service';
import { HttpError, forbidden, notFound } from './errors';
import { createOrganisation } from './tenancy-service';
import { createUser } from './identity-service';
import { noteMfaReset } from './security-alerts';

export interface Caller {
  userId: string;
  role: Role;
  organisationId: string;
  ip?: string | null;
}

export interface UserManagementDeps extends AccountDeps {
  /** PORTAL_PUBLIC_URL, so the invitation link is absolute. */
  publicUrl?: string;
}

const MANAGER_ROLES = new Set(['ADMIN', 'PARTNER', 'DIRECTPARTNER']);

async function callerOrganisation(deps: UserManagementDeps, caller: Caller): Promise<Organisation> {
  if (!MANAGER_ROLES.has(caller.role)) throw forbidden();
  const own = await findOrganisationById(deps.db, caller.organisationId);
  if (!own) throw notFound();
  return own;
}

async function actorName(deps: UserManagementDeps, caller: Caller): Promise<string | null> {
  return (await findUserById(deps.db, caller.userId))?.username ?? null;
}

async function audit(deps: UserManagementDeps, caller: Caller, organisationId: string, action: string, target: string, detail?: Record<string, unknown>) {
  await recordAudit(deps.db, { organisationId, actorId: caller.userId, actorName: await actorName(deps, caller), action, target, ip: caller.ip ?? null, detail });
}

function toNode(row: OrganisationSummaryRow, ownId: string): OrganisationNode {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    parentId: row.parentId,
    suspended: row.suspended,
    demo: row.demo,
    createdAt: row.createdAt.toISOString(),
    userCount: row.userCount,
    seats: row.seats,
    manageable: row.id !== ownId,
    mfaRequired: row.mfaRequired,
    mfaInherited: row.mfaInherited,
  };
}

function toManagedUser(row: ManagedUserRow): ManagedUser {
  return {
    id: row.id,
    organisationId: row.organisationId,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    role: row.role,
    access: row.access,
    mfa: row.mfaMethod !== null,
    suspended: row.suspended,
    invitePending: row.invitePending,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function organisationTree(deps: UserManagementDeps, caller: Caller): Promise<OrganisationTree> {
  const own = await callerOrganisation(deps, caller);
  const rows = await listSubtreeSummaries(deps.db, own.path);
  return { rootId: own.id, creatableKinds: [...CREATABLE_KINDS[caller.role]], organisations: rows.map((row) => toNode(row, own.id)) };
}

/** An organisation in the caller's subtree (404 otherwise); `below` excludes the caller's own. */
async function organisationInScope(deps: UserManagementDeps, caller: Caller, orgId: string, below: boolean): Promise<Organisation> {
  const own = await callerOrganisation(deps, caller);
  const target = await findOrganisationById(deps.db, orgId);
  if (!target || !target.path.startsWith(own.path)) throw notFound();
  if (below && target.id === own.id) throw new HttpError(400, M.ownOrganisation);
  return target;
}

async function nodeOf(deps: UserManagementDeps, caller: Caller, orgId: string): Promise<OrganisationNode> {
  const target = await findOrganisationById(deps.db, orgId);
  if (!target) throw notFound();
  const [row] = (await listSubtreeSummaries(deps.db, target.path)).filter((r) => r.id === orgId);
  return toNode(row, caller.organisationId);
}

export async function createManagedOrganisation(deps: UserManagementDeps, caller: Caller, input: CreateOrganisationRequest): Promise<OrganisationNode> {
  const own = await callerOrganisation(deps, caller);
  if (!CREATABLE_KINDS[caller.role].includes(input.kind)) throw new HttpError(403, M.kindNotAllowed);
  const created = await createOrganisation(deps.db, { name: input.name, kind: input.kind, parentId: own.id, region: own.region });
  await audit(deps, caller, created.id, 'organisation.created', created.name, { kind: created.kind });
  return nodeOf(deps, caller, created.id);
}

export async function updateManagedOrganisation(
  deps: UserManagementDeps,
  caller: Caller,
  orgId: string,
  input: UpdateOrganisationRequest,
): Promise<OrganisationNode> {
  // Checked before anything changes, and before the own-organisation rule, so a tier trying to
  // lift a requirement set above it always hears why.
  if (input.mfaRequired === false) await assertMfaNotLocked(deps, caller, orgId);
  const target = await organisationInScope(deps, caller, orgId, true);
  if (input.mfaRequired !== undefined) {
    const policy = (await findMfaPolicy(deps.db, target.id))!;
    if (policy.own !== input.mfaRequired) {
      await setMfaRequired(deps.db, target.id, input.mfaRequired);
      await audit(deps, caller, target.id, input.mfaRequired ? 'organisation.mfa_required' : 'organisation.mfa_not_required', target.name);
    }
  }
  if (input.name !== undefined && input.name !== target.name) {
    await renameOrganisation(deps.db, target.id, input.name);
    await audit(deps, caller, target.id, 'organisation.renamed', input.name, { from: target.name });
  }
  if (input.suspended !== undefined) {
    await deps.db.transaction(async (tx) => {
      await setSubtreeSuspended(tx, target.path, input.suspended!);
      // Suspension takes effect at once: every session below ends now, not at its expiry.
      if (input.suspended) await revokeSubtreeSessions(tx, target.path);
    });
    await audit(deps, caller, target.id, input.suspended ? 'organisation.suspended' : 'organisation.reinstated', input.name ?? target.name);
  }
  return nodeOf(deps, caller, target.id);
}

/**
 * A requirement set on an ancestor, or on the caller's own organisation (only a higher tier can
 * set that), cannot be switched off from here.
 */
async function assertMfaNotLocked(deps: UserManagementDeps, caller: Caller, orgId: string): Promise<void> {
  const target = await organisationInScope(deps, caller, orgId, false);
  const policy = await findMfaPolicy(deps.db, target.id);
  if (policy && (policy.inherited || (target.id === caller.organisationId && policy.own))) throw new HttpError(403, MFA_POLICY_MESSAGES.lockedByParent);
}

export async function deleteManagedOrganisation(deps: UserManagementDeps, caller: Caller, orgId: string): Promise<AdminMessage> {
  const target = await organisationInScope(deps, caller, orgId, true);
  if ((await countChildrenAndUsers(deps.db, target.id)) > 0) throw new HttpError(409, M.organisationNotEmpty);
  const parentId = target.parentId ?? caller.organisationId;
  try {
    await deleteOrganisationRow(deps.db, target.id);
  } catch (error) {
    // Tickets and other records that outlive a tenant still refer to it.
    if ((error as { code?: string }).code === '23503') throw new HttpError(409, M.organisationNotEmpty);
    throw error;
  }
  await audit(deps, caller, parentId, 'organisation.deleted', target.name, { kind: target.kind });
  return { message: M.organisationDeleted };
}

export async function listManagedUsers(deps: UserManagementDeps, caller: Caller, orgId: string): Promise<ManagedUserList> {
  const target = await organisationInScope(deps, caller, orgId, false);
  return { users: (await listUsersOfOrganisation(deps.db, target.id)).map(toManagedUser) };
}

const inviteToken = () => crypto.randomBytes(24).toString('base64url');

function inviteLink(deps: UserManagementDeps, email: string, token: string): string {
  const base = (deps.publicUrl ?? '').replace(/\/+$/, '');
  return `${base}/accept-invite?email=${encodeURIComponent(email)}&token=${token}`;
}

export async function inviteUser(deps: UserManagementDeps, caller: Caller, orgId: string, input: InviteUserRequest): Promise<ManagedUser> {
  const target = await organisationInScope(deps, caller, orgId, false);
  if (await usernameExists(deps.db, input.username)) throw new HttpError(409, M.usernameTaken);
  if (await emailExists(deps.db, input.email)) throw new HttpError(409, M.emailTaken);
  // No usable password until the invitee sets one with the link: a random one nobody knows.
  const user = await createUser(deps.db, {
    organisationId: target.id,
    username: input.username,
    email: input.email,
    password: crypto.randomBytes(32).toString('base64url'),
    firstName: input.firstName,
    lastName: input.lastName,
    role: ROLE_FOR_KIND[target.kind],
  });
  await markInvited(deps.db, user.id);
  const token = inviteToken();
  const salt = newSalt();
  await insertInviteCode(deps.db, { userId: user.id, codeHash: hashCode(deps.jwtSecret, salt, token), salt });
  const recipient = { userId: user.id, email: user.email, firstName: user.firstName, organisationId: user.organisationId };
  const branding = await deps.branding(recipient);
  await deps.mailer.send(
    envelope(
      recipient,
      branding,
      `You are invited to ${branding.productName}`,
      `Hello ${user.firstName || 'there'},

An account was created for you in ${branding.productName} (organisation ${target.name}, username ${user.username}).

Open this link to choose your password. It works once and expires in 72 hours:
${inviteLink(deps, user.email, token)}

If you did not expect this, you can ignore this e-mail.

${branding.productName}`,
    ),
  );
  await audit(deps, caller, target.id, 'user.invited', user.username, { email: user.email });
  return toManagedUser((await findManagedUser(deps.db, user.id))!);
}

async function userInScope(deps: UserManagementDeps, caller: Caller, userId: string): Promise<ManagedUserRow> {
  const user = await findManagedUser(deps.db, userId);
  if (!user) throw notFound();
  await organisationInScope(deps, caller, user.organisationId, false);
  if (user.id === caller.userId) throw new HttpError(400, M.ownAccount);
  return user;
}

export async function setManagedUserSuspended(deps: UserManagementDeps, caller: Caller, userId: string, suspended: boolean): Promise<ManagedUser> {
  const user = await userInScope(deps, caller, userId);
  await deps.db.transaction(async (tx) => {
    await setUserSuspended(tx, user.id, suspended);
    if (suspended) {
      await revokeAllSessionsOfUser(tx, user.id);
      await voidInviteCodes(tx, user.id);
    }
  });
  await audit(deps, caller, user.organisationId, suspended ? 'user.suspended' : 'user.reinstated', user.username);
  return toManagedUser((await findManagedUser(deps.db, user.id))!);
}

/**
 * Changes the access level within the tier (the spec role stays). Only for users strictly below the
 * caller's organisation, except that ADMIN also manages the provider's own users; never the caller's
 * own access. Takes effect on the user's next request (the session lookup reads it).
 */
export async function setManagedUserAccess(
  deps: UserManagementDeps,
  caller: Caller,
  userId: string,
  access: UserAccess,
): Promise<{ user: ManagedUser; from: UserAccess }> {
  if (userId === caller.userId) throw new HttpError(400, USER_ACCESS_MESSAGES.ownAccess);
  const user = await userInScope(deps, caller, userId);
  if (user.organisationId === caller.organisationId && caller.role !== 'ADMIN') throw new HttpError(403, USER_ACCESS_MESSAGES.ownOrganisation);
  if (user.access !== access) await setUserAccess(deps.db, user.id, access);
  return { user: toManagedUser((await findManagedUser(deps.db, user.id))!), from: user.access };
}

export async function resetManagedUserMfa(deps: UserManagementDeps, caller: Caller, userId: string): Promise<ManagedUser> {
  const user = await userInScope(deps, caller, userId);
  await clearMfa(deps.db, user.id);
  await audit(deps, caller, user.organisationId, 'user.mfa_reset', user.username);
  await noteMfaReset(deps.db, user, caller.userId);
  return toManagedUser((await findManagedUser(deps.db, user.id))!);
}

/** Public: the invitee sets a password with the single-use, 72-hour link. Every failure looks the same. */
export async function acceptInvitation(deps: UserManagementDeps, input: AcceptInviteRequest & { ip?: string | null }): Promise<AdminMessage> {
  const invalid = () => new HttpError(400, INVITE_MESSAGES.invalid);
  assertAcceptablePassword(input.password);
  const user = await findUserByEmail(deps.db, input.email);
  if (!user) throw invalid();
  const code = await reserveInviteAttempt(deps.db, user.id);
  if (!code || code.attempts >= ONE_TIME_CODE_MAX_ATTEMPTS) throw invalid();
  if (!codeMatches(deps.jwtSecret, code.salt, code.codeHash, input.token)) throw invalid();
  if (!(await consumeInviteCode(deps.db, code.id))) throw invalid();
  await updatePasswordHash(deps.db, user.id, await hashPassword(input.password));
  await recordAudit(deps.db, { organisationId: user.organisationId, actorId: user.id, actorName: user.username, action: 'user.invite_accepted', target: user.username, ip: input.ip ?? null });
  return { message: INVITE_MESSAGES.accepted };
}
