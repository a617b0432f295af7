import type { Queryable } from '@portal/db';

/** 'sender' proves a white-label e-mail address receives mail before it is used as a sender. */
export type CodePurpose = 'mfa' | 'reset' | 'sender';

export interface StoredCode {
  id: string;
  codeHash: string;
  salt: string;
  attempts: number;
}

/** Stores a new code and voids every earlier unused code of the same purpose: only the newest one works. */
export async function insertCode(
  db: Queryable,
  input: { userId: string; purpose: CodePurpose; codeHash: string; salt: string; ttlSeconds: number },
): Promise<string> {
  await db.query('update one_time_codes set consumed_at = now() where user_id = $1 and purpose = $2 and consumed_at is null', [
    input.userId,
    input.purpose,
  ]);
  const { rows } = await db.query<{ id: string }>(
    `insert into one_time_codes (user_id, purpose, code_hash, salt, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(secs => $5)) returning id`,
    [input.userId, input.purpose, input.codeHash, input.salt, input.ttlSeconds],
  );
  return rows[0].id;
}

/**
 * Reserves one attempt on the user's live code (unused, unexpired, fewer than maxAttempts tries).
 * Counting before comparing means concurrent guesses cannot exceed the limit.
 * Returns the code, or why there is none.
 */
export async function reserveAttempt(
  db: Queryable,
  userId: string,
  purpose: CodePurpose,
  maxAttempts: number,
): Promise<StoredCode | 'none' | 'exhausted'> {
  const { rows } = await db.query<{ id: string; code_hash: string; salt: string; attempts: number }>(
    `update one_time_codes set attempts = attempts + 1
     where id = (select id from one_time_codes
                 where user_id = $1 and purpose = $2 and consumed_at is null and expires_at > now()
                 order by created_at desc limit 1)
       and attempts < $3
     returning id, code_hash, salt, attempts`,
    [userId, purpose, maxAttempts],
  );
  if (rows[0]) return { id: rows[0].id, codeHash: rows[0].code_hash, salt: rows[0].salt, attempts: rows[0].attempts };
  const live = await db.query(
    `select 1 from one_time_codes where user_id = $1 and purpose = $2 and consumed_at is null and expires_at > now() and attempts >= $3 limit 1`,
    [userId, purpose, maxAttempts],
  );
  return live.rows.length > 0 ? 'exhausted' : 'none';
}

/** A right answer does not count as a wrong try. */
export async function releaseAttempt(db: Queryable, codeId: string): Promise<void> {
  await db.query('update one_time_codes set attempts = greatest(attempts - 1, 0) where id = $1', [codeId]);
}

/** Marks the code used; false if another request used it first (single use). */
export async function consumeCode(db: Queryable, codeId: string): Promise<boolean> {
  const { rows } = await db.query('update one_time_codes set consumed_at = now() where id = $1 and consumed_at is null returning id', [codeId]);
  return rows.length === 1;
}

export async function countCodesSince(db: Queryable, userId: string, purpose: CodePurpose, seconds: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from one_time_codes where user_id = $1 and purpose = $2 and created_at > now() - make_interval(secs => $3)`,
    [userId, purpose, seconds],
  );
  return Number(rows[0]?.n ?? 0);
}
