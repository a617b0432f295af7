import type { MfaMethod, Role, UserAccess } from '@portal/contracts';
import type { Queryable } from '@portal/db';
import type { OrganisationKind } from './organisations-repository';

export interface OrganisationSummaryRow {
  id: string;
  name: string;
  kind: OrganisationKind;
  parentId: string | null;
  path: string;
  suspended: boolean;
  demo: boolean;
  createdAt: Date;
  userCount: number;
  seats: number;
  mfaRequired: boolean;
  mfaInherited: boolean;
}

/** The subtree under rootPath with user counts and protected seats, root first. */
export async function listSubtreeSummaries(db: Queryable, rootPath: string): Promise<OrganisationSummaryRow[]> {
  const { rows } = await db.query<{
    id: string;
    name: string;
    kind: OrganisationKind;
    parent_id: string | null;
    path: string;
    suspended_at: Date | null;
    demo: boolean;
    created_at: Date;
    user_count: string | number;
    seats: string | number;
    mfa_required: boolean;
    mfa_inherited: boolean;
  }>(
    `select o.id, o.name, o.kind, o.parent_id, o.path, o.suspended_at, o.demo, o.created_at,
            (select count(*) from users u where u.organisation_id = o.id) as user_count,
            (select count(*) from protected_seats ps where ps.organisation_id = o.id) as seats,
            o.mfa_required,
            exists (select 1 from organisations a where a.mfa_required and a.id <> o.id and starts_with(o.path, a.path)) as mfa_inherited
     from organisations o
     where starts_with(o.path, $1)
     order by length(o.path), o.name`,
    [rootPath],
  );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    kind: row.kind,
    parentId: row.parent_id,
    path: row.path,
    suspended: row.suspended_at !== null,
    demo: row.demo,
    createdAt: row.created_at,
    userCount: Number(row.user_count),
    seats: Number(row.seats),
    mfaRequired: row.mfa_required,
    mfaInherited: row.mfa_inherited,
  }));
}

export async function renameOrganisation(db: Queryable, id: string, name: string): Promise<void> {
  await db.query('update organisations set name = $2 where id = $1', [id, name]);
}

/** Suspends or reinstates an organisation and everything below it. */
export async function setSubtreeSuspended(db: Queryable, path: string, suspended: boolean): Promise<void> {
  await db.query(
    suspended
      ? 'update organisations set suspended_at = now() where starts_with(path, $1) and suspended_at is null'
      : 'update organisations set suspended_at = null where starts_with(path, $1)',
    [path],
  );
}

/** Ends every live session of every user in the subtree. */
export async function revokeSubtreeSessions(db: Queryable, path: string): Promise<number> {
  const { rows } = await db.query(
    `update sessions set revoked_at = now()
     where revoked_at is null and user_id in (select u.id from users u join organisations o on o.id = u.organisation_id where starts_with(o.path, $1))
     returning id`,
    [path],
  );
  return rows.length;
}

export async function countChildrenAndUsers(db: Queryable, id: string): Promise<number> {
  const { rows } = await db.query<{ n: string | number }>(
    'select (select count(*) from organisations where parent_id = $1) + (select count(*) from users where organisation_id = $1) as n',
    [id],
  );
  return Number(rows[0]?.n ?? 0);
}

export async function deleteOrganisationRow(db: Queryable, id: string): Promise<void> {
  await db.query('delete from organisations where id = $1', [id]);
}

export interface ManagedUserRow {
  id: string;
  organisationId: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  access: UserAccess;
  mfaMethod: MfaMethod | null;
  suspended: boolean;
  invitePending: boolean;
  createdAt: Date;
}

const USER_SELECT = `select u.id, u.organisation_id, u.username, u.email, u.first_name, u.last_name, u.role, u.access, u.mfa_method,
       u.suspended_at, u.created_at,
       -- Pending while the invitation's code is neither used nor expired.
       (u.invited_at is not null and exists (
          select 1 from one_time_codes c where c.user_id = u.id and c.purpose = 'invite' and c.consumed_at is null
            and c.expires_at > now())) as invite_pending
     from users u`;

type RawUser = {
  id: string;
  organisation_id: string;
  username: string;
  email: string;
  first_name: string;
  last_name: string;
  role: Role;
  access: UserAccess;
  mfa_method: MfaMethod | null;
  suspended_at: Date | null;
  created_at: Date;
  invite_pending: boolean;
};

function toManaged(row: RawUser): ManagedUserRow {
  return {
    id: row.id,
    organisationId: row.organisation_id,
    username: row.username,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    access: row.access,
    mfaMethod: row.mfa_method,
    suspended: row.suspended_at !== null,
    invitePending: row.invite_pending === true,
    createdAt: row.created_at,
  };
}

export async function listUsersOfOrganisation(db: Queryable, organisationId: string): Promise<ManagedUserRow[]> {
  const { rows } = await db.query<RawUser>(`${USER_SELECT} where u.organisation_id = $1 order by lower(u.username)`, [organisationId]);
  return rows.map(toManaged);
}

export async function findManagedUser(db: Queryable, userId: string): Promise<ManagedUserRow | undefined> {
  const { rows } = await db.query<RawUser>(`${USER_SELECT} where u.id = $1`, [userId]);
  return rows[0] ? toManaged(rows[0]) : undefined;
}

export async function setUserSuspended(db: Queryable, userId: string, suspended: boolean): Promise<void> {
  await db.query(suspended ? 'update users set suspended_at = coalesce(suspended_at, now()) where id = $1' : 'update users set suspended_at = null where id = $1', [
    userId,
  ]);
}

export async function setUserAccess(db: Queryable, userId: string, access: UserAccess): Promise<void> {
  await db.query('update users set access = $2 where id = $1', [userId, access]);
}

export async function markInvited(db: Queryable, userId: string): Promise<void> {
  await db.query('update users set invited_at = now() where id = $1', [userId]);
}

/** Turns the second factor off; the user can enrol again from their settings. */
export async function clearMfa(db: Queryable, userId: string): Promise<void> {
  await db.query('update users set mfa_method = null, totp_secret_enc = null, totp_last_step = null, totp_pending_enc = null, totp_pending_at = null where id = $1', [userId]);
}

/** True when the user or any organisation above it is suspended. */
export async function isUserSuspended(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ suspended: boolean }>(
    `select (u.suspended_at is not null or exists (
               select 1 from organisations a where a.suspended_at is not null and starts_with(o.path, a.path))) as suspended
     from users u join organisations o on o.id = u.organisation_id where u.id = $1`,
    [userId],
  );
  return rows[0]?.suspended === true;
}

export const INVITE_TTL_SECONDS = 72 * 60 * 60;

/** Voids earlier invitations of the user and stores the new one. */
export async function insertInviteCode(db: Queryable, input: { userId: string; codeHash: string; salt: string }): Promise<void> {
  await db.query("update one_time_codes set consumed_at = now() where user_id = $1 and purpose = 'invite' and consumed_at is null", [input.userId]);
  await db.query(
    `insert into one_time_codes (user_id, purpose, code_hash, salt, expires_at)
     values ($1, 'invite', $2, $3, now() + make_interval(secs => $4))`,
    [input.userId, input.codeHash, input.salt, INVITE_TTL_SECONDS],
  );
}

export interface InviteCodeRow {
  id: string;
  codeHash: string;
  salt: string;
  attempts: number;
}

/** Counts an attempt on the live invitation and returns it (before the count), if any. */
export async function reserveInviteAttempt(db: Queryable, userId: string): Promise<InviteCodeRow | undefined> {
  const { rows } = await db.query<{ id: string; code_hash: string; salt: string; attempts: number }>(
    `update one_time_codes set attempts = attempts + 1
     where id = (select id from one_time_codes where user_id = $1 and purpose = 'invite' and consumed_at is null and expires_at > now()
                 order by created_at desc limit 1)
     returning id, code_hash, salt, attempts - 1 as attempts`,
    [userId],
  );
  const row = rows[0];
  return row ? { id: row.id, codeHash: row.code_hash, salt: row.salt, attempts: row.attempts } : undefined;
}

/** True for the one caller that consumed it: a code works once even under concurrent calls. */
export async function consumeInviteCode(db: Queryable, codeId: string): Promise<boolean> {
  const { rows } = await db.query('update one_time_codes set consumed_at = now() where id = $1 and consumed_at is null returning id', [codeId]);
  return rows.length === 1;
}

export async function voidInviteCodes(db: Queryable, userId: string): Promise<void> {
  await db.query("update one_time_codes set consumed_at = now() where user_id = $1 and purpose = 'invite' and consumed_at is null", [userId]);
}
