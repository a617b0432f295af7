import type { MfaMethod, Role } from '@portal/contracts';
import type { Queryable } from '@portal/db';

export interface User {
  id: string;
  organisationId: string;
  username: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  role: Role;
  /** The second factor, or null when MFA is off. */
  mfaMethod: MfaMethod | null;
  totpSecretEnc: string | null;
  totpLastStep: number | null;
  profileImageUrl: string | null;
  demo: boolean;
  createdAt: Date;
}

interface UserRow {
  id: string;
  organisation_id: string;
  username: string;
  email: string;
  password_hash: string;
  first_name: string;
  last_name: string;
  role: Role;
  mfa_method: MfaMethod | null;
  totp_secret_enc: string | null;
  totp_last_step: number | string | null;
  profile_image_url: string | null;
  demo: boolean;
  created_at: Date;
}

const COLUMNS =
  'id, organisation_id, username, email, password_hash, first_name, last_name, role, mfa_method, totp_secret_enc, totp_last_step, profile_image_url, demo, created_at';

function toUser(row: UserRow): User {
  return {
    id: row.id,
    organisationId: row.organisation_id,
    username: row.username,
    email: row.email,
    passwordHash: row.password_hash,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role,
    mfaMethod: row.mfa_method,
    totpSecretEnc: row.totp_secret_enc,
    totpLastStep: row.totp_last_step === null ? null : Number(row.totp_last_step),
    profileImageUrl: row.profile_image_url,
    demo: row.demo,
    createdAt: row.created_at,
  };
}

export type NewUserRow = Pick<User, 'organisationId' | 'username' | 'email' | 'passwordHash' | 'firstName' | 'lastName' | 'role'> &
  Partial<Pick<User, 'mfaMethod' | 'demo'>>;

export async function insertUser(db: Queryable, input: NewUserRow): Promise<User> {
  const { rows } = await db.query<UserRow>(
    `insert into users (organisation_id, username, email, password_hash, first_name, last_name, role, mfa_method, demo)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     returning ${COLUMNS}`,
    [
      input.organisationId,
      input.username,
      input.email,
      input.passwordHash,
      input.firstName,
      input.lastName,
      input.role,
      input.mfaMethod ?? null,
      input.demo ?? false,
    ],
  );
  return toUser(rows[0]);
}

export async function findUserByUsername(db: Queryable, username: string): Promise<User | undefined> {
  const { rows } = await db.query<UserRow>(`select ${COLUMNS} from users where lower(username) = lower($1)`, [username]);
  return rows[0] ? toUser(rows[0]) : undefined;
}

export async function findUserById(db: Queryable, id: string): Promise<User | undefined> {
  const { rows } = await db.query<UserRow>(`select ${COLUMNS} from users where id = $1`, [id]);
  return rows[0] ? toUser(rows[0]) : undefined;
}

export interface ProfileRow {
  userId: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  profileImageUrl: string | null;
  organisationName: string;
}

export async function findProfile(db: Queryable, userId: string): Promise<ProfileRow | undefined> {
  const { rows } = await db.query<ProfileRow>(
    `select u.id as "userId", u.username, u.email, u.first_name as "firstName", u.last_name as "lastName",
            u.role, u.profile_image_url as "profileImageUrl", o.name as "organisationName"
     from users u join organisations o on o.id = u.organisation_id
     where u.id = $1`,
    [userId],
  );
  return rows[0];
}

export async function findUserByEmail(db: Queryable, email: string): Promise<User | undefined> {
  const { rows } = await db.query<UserRow>(`select ${COLUMNS} from users where lower(email) = lower($1)`, [email.trim()]);
  return rows[0] ? toUser(rows[0]) : undefined;
}

export async function usernameExists(db: Queryable, username: string): Promise<boolean> {
  const { rows } = await db.query<{ taken: boolean }>('select exists (select 1 from users where lower(username) = lower($1)) as taken', [
    username.trim(),
  ]);
  return rows[0]?.taken === true;
}

export async function emailExists(db: Queryable, email: string): Promise<boolean> {
  const { rows } = await db.query<{ taken: boolean }>('select exists (select 1 from users where lower(email) = lower($1)) as taken', [
    email.trim(),
  ]);
  return rows[0]?.taken === true;
}

export async function updatePasswordHash(db: Queryable, userId: string, passwordHash: string): Promise<void> {
  await db.query('update users set password_hash = $2, password_changed_at = now() where id = $1', [userId, passwordHash]);
}

export async function setEmailMfa(db: Queryable, userId: string): Promise<void> {
  await db.query("update users set mfa_method = 'email', totp_secret_enc = null, totp_last_step = null where id = $1", [userId]);
}

export async function setTotpMfa(db: Queryable, userId: string, secretEnc: string): Promise<void> {
  await db.query("update users set mfa_method = 'totp', totp_secret_enc = $2, totp_last_step = null where id = $1", [userId, secretEnc]);
}

/** Records an accepted TOTP step; false when that step (or a later one) was already used. */
export async function claimTotpStep(db: Queryable, userId: string, step: number): Promise<boolean> {
  const { rows } = await db.query(
    'update users set totp_last_step = $2 where id = $1 and (totp_last_step is null or totp_last_step < $2) returning id',
    [userId, step],
  );
  return rows.length === 1;
}
