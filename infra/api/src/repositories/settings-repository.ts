import crypto from 'node:crypto';
import type { Queryable } from '@portal/db';

export const SETTING_PLATFORM_VERSION = 'platform_version';
export const SETTING_JWT_SECRET = 'jwt_secret';

export async function getSetting<T>(db: Queryable, key: string): Promise<T | undefined> {
  const { rows } = await db.query<{ value: T }>('select value from settings where key = $1', [key]);
  return rows[0]?.value;
}

export async function setSetting(db: Queryable, key: string, value: unknown): Promise<void> {
  await db.query(
    'insert into settings (key, value) values ($1, $2::jsonb) on conflict (key) do update set value = excluded.value',
    [key, JSON.stringify(value)],
  );
}

/**
 * The stored signing secret, created on first use. "on conflict do nothing" + re-read means
 * processes starting together all end up with the one secret that won.
 */
export async function ensureJwtSecret(db: Queryable): Promise<string> {
  const candidate = crypto.randomBytes(48).toString('base64url');
  await db.query('insert into settings (key, value) values ($1, $2::jsonb) on conflict (key) do nothing', [
    SETTING_JWT_SECRET,
    JSON.stringify(candidate),
  ]);
  const stored = await getSetting<string>(db, SETTING_JWT_SECRET);
  if (typeof stored !== 'string' || stored.length < 32) throw new Error('Stored JWT secret is unusable');
  return stored;
}
