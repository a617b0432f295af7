import type { Queryable } from '@portal/db';

// MFA enforcement for a subtree (migration 100). The effective requirement is the organisation's
// own flag or any ancestor's: an ancestor's path is a prefix of the organisation's path.

export interface MfaPolicy {
  /** The organisation's own switch. */
  own: boolean;
  /** Set on an ancestor: in force here and not switchable from below. */
  inherited: boolean;
}

export async function findMfaPolicy(db: Queryable, organisationId: string): Promise<MfaPolicy | undefined> {
  const { rows } = await db.query<{ own: boolean; inherited: boolean }>(
    `select o.mfa_required as own,
            exists (select 1 from organisations a where a.mfa_required and a.id <> o.id and starts_with(o.path, a.path)) as inherited
     from organisations o where o.id = $1`,
    [organisationId],
  );
  return rows[0];
}

export async function setMfaRequired(db: Queryable, organisationId: string, required: boolean): Promise<void> {
  await db.query('update organisations set mfa_required = $2 where id = $1', [organisationId, required]);
}

/** True when the user's organisation or any ancestor requires MFA. */
export async function isMfaRequiredForUser(db: Queryable, userId: string): Promise<boolean> {
  const { rows } = await db.query<{ required: boolean }>(
    `select exists (
       select 1 from users u join organisations o on o.id = u.organisation_id
       join organisations a on starts_with(o.path, a.path)
       where u.id = $1 and a.mfa_required
     ) as required`,
    [userId],
  );
  return rows[0]?.required === true;
}
