import type { Role } from '@portal/contracts';
import type { Queryable } from '../db/database';

export interface User {
  id: string;
  organisationId: string;
  username: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  role: Role;
  mfaEnabled: boolean;
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
  mfa_enabled: boolean;
  profile_image_url: string | null;
  demo: boolean;
  created_at: Date;
}

const COLUMNS =
  'id, organisation_id, username, email, password_hash, first_name, last_name, role, mfa_enabled, profile_image_url, demo, created_at';

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
    mfaEnabled: row.mfa_enabled,
    profileImageUrl: row.profile_image_url,
    demo: row.demo,
    createdAt: row.created_at,
  };
}

export interface NewUserRow {
  organisationId: string;
  username: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  role: Role;
  mfaEnabled?: boolean;
  demo?: boolean;
}

export async function insertUser(db: Queryable, input: NewUserRow): Promise<User> {
  const { rows } = await db.query<UserRow>(
    `insert into users (organisation_id, username, email, password_hash, first_name, last_name, role, mfa_enabled, demo)
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
      input.mfaEnabled ?? false,
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
