import type { Queryable } from '@portal/db';

/** The key failures are counted under: the username as typed, normalised, whether or not it exists. */
export const usernameKey = (username: string) => username.trim().toLowerCase();

export async function countRecentFailures(db: Queryable, username: string, windowSeconds: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from failed_signins where username_key = $1 and at > now() - make_interval(secs => $2)',
    [usernameKey(username), windowSeconds],
  );
  return Number(rows[0]?.n ?? 0);
}

/** Failures from one client address, whatever username they were for. */
export async function countRecentFailuresFrom(db: Queryable, ip: string, windowSeconds: number): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    'select count(*)::int as n from failed_signins where ip = $1 and at > now() - make_interval(secs => $2)',
    [ip, windowSeconds],
  );
  return Number(rows[0]?.n ?? 0);
}

export async function recordFailure(db: Queryable, username: string, ip: string | undefined, windowSeconds: number): Promise<void> {
  const key = usernameKey(username);
  await db.query('insert into failed_signins (username_key, ip) values ($1, $2)', [key, ip ?? null]);
  // Rows older than the window no longer count; dropping them keeps the table small.
  await db.query('delete from failed_signins where username_key = $1 and at <= now() - make_interval(secs => $2)', [key, windowSeconds]);
}

export async function clearFailures(db: Queryable, username: string): Promise<void> {
  await db.query('delete from failed_signins where username_key = $1', [usernameKey(username)]);
}
