import type { UserAccess } from '@portal/contracts';
import type { Queryable } from '@portal/db';
import type { OrganisationKind } from './organisations-repository';

export interface ApiKeyRow {
  id: string;
  name: string;
  publicId: string;
  access: UserAccess;
  createdAt: Date;
  createdByName: string | null;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  lastUsedIp: string | null;
  revokedAt: Date | null;
  /** Judged by the database's clock, like every other expiry here. */
  expired: boolean;
}

const SELECT = `
  select k.id, k.name, k.public_id as "publicId", k.access, k.created_at as "createdAt", u.username as "createdByName",
         k.expires_at as "expiresAt", k.last_used_at as "lastUsedAt", k.last_used_ip as "lastUsedIp", k.revoked_at as "revokedAt",
         coalesce(k.expires_at <= now(), false) as expired
  from api_keys k left join users u on u.id = k.created_by`;

export async function listApiKeys(db: Queryable, organisationId: string): Promise<ApiKeyRow[]> {
  const { rows } = await db.query<ApiKeyRow>(`${SELECT} where k.organisation_id = $1 order by k.created_at desc, k.id`, [organisationId]);
  return rows;
}

export async function countActiveApiKeys(db: Queryable, organisationId: string): Promise<number> {
  const { rows } = await db.query<{ count: number }>(
    'select count(*)::int as count from api_keys where organisation_id = $1 and revoked_at is null and (expires_at is null or expires_at > now())',
    [organisationId],
  );
  return rows[0]?.count ?? 0;
}

export async function insertApiKey(
  db: Queryable,
  input: { organisationId: string; createdBy: string; name: string; publicId: string; secretHash: string; access: UserAccess; expiresOn: string | null },
): Promise<ApiKeyRow> {
  // An expiry day is inclusive: the key works until the next midnight UTC.
  const { rows } = await db.query<{ id: string }>(
    `insert into api_keys (organisation_id, created_by, name, public_id, secret_hash, access, expires_at)
     values ($1, $2, $3, $4, $5, $6, case when $7::date is null then null else ($7::date + 1)::timestamp at time zone 'UTC' end)
     returning id`,
    [input.organisationId, input.createdBy, input.name, input.publicId, input.secretHash, input.access, input.expiresOn],
  );
  return (await findApiKey(db, input.organisationId, rows[0].id))!;
}

export async function findApiKey(db: Queryable, organisationId: string, keyId: string): Promise<ApiKeyRow | null> {
  const { rows } = await db.query<ApiKeyRow>(`${SELECT} where k.organisation_id = $1 and k.id = $2`, [organisationId, keyId]);
  return rows[0] ?? null;
}

/** Revokes a live key of the organisation; false when it has none by that id (or it was revoked already). */
export async function revokeApiKey(db: Queryable, organisationId: string, keyId: string, revokedBy: string): Promise<boolean> {
  const { rows } = await db.query('update api_keys set revoked_at = now(), revoked_by = $3 where organisation_id = $1 and id = $2 and revoked_at is null returning id', [
    organisationId,
    keyId,
    revokedBy,
  ]);
  return rows.length === 1;
}

/** What checking a presented key needs: the stored hash, its state, and who it acts as. */
export interface ApiKeyCredential {
  id: string;
  organisationId: string;
  organisationKind: OrganisationKind;
  createdBy: string;
  creatorUsername: string;
  /** The creator's own access: a key never does more than its creator may. */
  creatorAccess: UserAccess;
  name: string;
  publicId: string;
  secretHash: string;
  access: UserAccess;
  revoked: boolean;
  expired: boolean;
  /** The creator, or an organisation above the key's, is suspended. */
  suspended: boolean;
}

export async function findApiKeyCredential(db: Queryable, publicId: string): Promise<ApiKeyCredential | null> {
  const { rows } = await db.query<ApiKeyCredential>(
    `select k.id, k.organisation_id as "organisationId", o.kind as "organisationKind", k.created_by as "createdBy",
            u.username as "creatorUsername", u.access as "creatorAccess", k.name, k.public_id as "publicId",
            k.secret_hash as "secretHash", k.access, k.revoked_at is not null as revoked,
            coalesce(k.expires_at <= now(), false) as expired,
            (u.suspended_at is not null or exists (
               select 1 from organisations a where a.suspended_at is not null and starts_with(o.path, a.path))) as suspended
     from api_keys k
     join organisations o on o.id = k.organisation_id
     join users u on u.id = k.created_by
     where k.public_id = $1`,
    [publicId],
  );
  return rows[0] ?? null;
}

const WINDOW_OVER = 'k.window_started_at is null or k.window_started_at <= now() - make_interval(secs => $2)';

/**
 * Records a use and counts it in the key's fixed window (restarted once `windowSeconds` have passed),
 * in one statement, so concurrent calls through any process count exactly. Returns the count so far
 * in this window and the seconds until it ends.
 */
export async function recordApiKeyUse(
  db: Queryable,
  keyId: string,
  windowSeconds: number,
  ip: string | null,
): Promise<{ count: number; resetInSeconds: number }> {
  const { rows } = await db.query<{ count: number; resetInSeconds: number }>(
    // Every right-hand side reads the row as it was before this update (after any concurrent one).
    `update api_keys k set
       last_used_at = now(),
       last_used_ip = $3,
       window_started_at = case when ${WINDOW_OVER} then now() else k.window_started_at end,
       window_count = case when ${WINDOW_OVER} then 1 else k.window_count + 1 end
     where k.id = $1
     returning k.window_count as count,
               greatest(1, ceil(extract(epoch from (k.window_started_at + make_interval(secs => $2) - now()))))::int as "resetInSeconds"`,
    [keyId, windowSeconds, ip],
  );
  return rows[0] ?? { count: Number.POSITIVE_INFINITY, resetInSeconds: windowSeconds };
}
