import type { Queryable } from '@portal/db';

/** Keeps a new authenticator secret until the user proves their app has it. */
export async function setPendingTotp(db: Queryable, userId: string, secretEnc: string): Promise<void> {
  await db.query('update users set totp_pending_enc = $2, totp_pending_at = now() where id = $1', [userId, secretEnc]);
}

export async function findPendingTotp(db: Queryable, userId: string, maxAgeSeconds: number): Promise<string | undefined> {
  const { rows } = await db.query<{ totp_pending_enc: string }>(
    `select totp_pending_enc from users
     where id = $1 and totp_pending_enc is not null and totp_pending_at > now() - make_interval(secs => $2)`,
    [userId, maxAgeSeconds],
  );
  return rows[0]?.totp_pending_enc;
}

/** The pending secret becomes the user's second factor; the step just used is recorded as spent. */
export async function activatePendingTotp(db: Queryable, userId: string, step: number): Promise<void> {
  await db.query(
    `update users set mfa_method = 'totp', totp_secret_enc = totp_pending_enc, totp_last_step = $2,
                      totp_pending_enc = null, totp_pending_at = null
     where id = $1 and totp_pending_enc is not null`,
    [userId, step],
  );
}

export async function clearMfa(db: Queryable, userId: string): Promise<void> {
  await db.query(
    'update users set mfa_method = null, totp_secret_enc = null, totp_last_step = null, totp_pending_enc = null, totp_pending_at = null where id = $1',
    [userId],
  );
}
