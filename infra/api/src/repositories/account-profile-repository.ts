import type { AccountProfile } from '@portal/contracts';
import type { Queryable } from '@portal/db';

// The profile as the account-settings pages see it: the spec's fields plus the editable ones, and
// whether MFA is required for the user's subtree (isMfaRequiredForUser's rule, in the same statement:
// a profile is read on every page, one round trip fewer matters).
export async function findAccountProfile(db: Queryable, userId: string): Promise<AccountProfile | undefined> {
  const { rows } = await db.query<AccountProfile>(
    `select u.id as "userId", u.username, u.email, u.first_name as "firstName", u.last_name as "lastName",
            u.role, u.profile_image_url as "profileImageUrl", o.name as "organisationName",
            u.phone, u.time_zone as "timeZone", u.language, u.mfa_method as "mfaMethod", u.access,
            exists (select 1 from organisations a where starts_with(o.path, a.path) and a.mfa_required) as "mfaRequired"
     from users u join organisations o on o.id = u.organisation_id
     where u.id = $1`,
    [userId],
  );
  return rows[0];
}

export interface ProfileUpdate {
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  timeZone: string | null;
  language: string | null;
}

export async function updateProfileFields(db: Queryable, userId: string, input: ProfileUpdate): Promise<void> {
  await db.query(
    `update users set first_name = $2, last_name = $3, email = $4, phone = $5, time_zone = $6, language = $7 where id = $1`,
    [userId, input.firstName, input.lastName, input.email, input.phone, input.timeZone, input.language],
  );
}

export async function setProfileImageUrl(db: Queryable, userId: string, url: string | null): Promise<void> {
  await db.query('update users set profile_image_url = $2 where id = $1', [userId, url]);
}

/** True when another user already has this e-mail (case-insensitive). */
export async function emailUsedByOther(db: Queryable, userId: string, email: string): Promise<boolean> {
  const { rows } = await db.query<{ taken: boolean }>(
    'select exists (select 1 from users where lower(email) = lower($2) and id <> $1) as taken',
    [userId, email.trim()],
  );
  return rows[0]?.taken === true;
}
