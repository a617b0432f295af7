import { API_KEY_MESSAGES, API_KEYS_PER_ORGANISATION, type ApiKey, type CreateApiKeyRequest, type Role } from '@portal/contracts';
import type { Db } from '@portal/db';
import { apiKeyMatches, apiKeyPublicId, generateApiKey, hashApiKey } from '../identity/api-key-secret';
import {
  countActiveApiKeys,
  findApiKeyCredential,
  insertApiKey,
  findApiKey,
  recordApiKeyUse,
  revokeApiKey,
  type ApiKeyRow,
} from '../repositories/api-keys-repository';
import { auditInBackground } from './audit-service';
import { HttpError, notFound, unauthorized } from './errors';
import { TOO_MANY_ATTEMPTS } from './password-attempts';
import type { AuthContext } from './identity-service';
import { ORGANISATION_KIND_FOR_ROLE } from './tenancy-service';

/** Calls per key and window; several API processes share the count (it is kept in the key's row). */
export interface ApiKeyRateLimit {
  max: number;
  windowSeconds: number;
}

export const API_KEY_RATE_LIMIT_DEFAULT: ApiKeyRateLimit = { max: 600, windowSeconds: 60 };

/** The role a key acts with: its organisation's users' role (there is one per organisation kind). */
const ROLE_FOR_KIND = Object.fromEntries(Object.entries(ORGANISATION_KIND_FOR_ROLE).map(([role, kind]) => [kind, role])) as Record<string, Role>;

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    publicId: row.publicId,
    access: row.access,
    status: row.revokedAt ? 'revoked' : row.expired ? 'expired' : 'active',
    createdAt: new Date(row.createdAt).toISOString(),
    createdByName: row.createdByName,
    expiresAt: iso(row.expiresAt),
    lastUsedAt: iso(row.lastUsedAt),
    lastUsedIp: row.lastUsedIp,
    revokedAt: iso(row.revokedAt),
  };
}

/** A new key of the caller's own organisation; the secret leaves the server in this answer only. */
export async function createOrganisationApiKey(
  deps: { db: Db; jwtSecret: string },
  auth: AuthContext,
  input: CreateApiKeyRequest,
): Promise<{ key: ApiKey; secret: string }> {
  const { db } = deps;
  const { publicId, secret } = generateApiKey();
  const row = await db.transaction(async (tx) => {
    // Serialised per organisation, so two creations at once cannot both pass the cap.
    await tx.query('select id from organisations where id = $1 for update', [auth.organisationId]);
    if ((await countActiveApiKeys(tx, auth.organisationId)) >= API_KEYS_PER_ORGANISATION) throw new HttpError(409, API_KEY_MESSAGES.tooMany);
    return insertApiKey(tx, {
      organisationId: auth.organisationId,
      createdBy: auth.userId,
      name: input.name,
      publicId,
      secretHash: hashApiKey(deps.jwtSecret, secret),
      access: input.access,
      expiresOn: input.expiresOn ?? null,
    });
  });
  return { key: toApiKey(row), secret };
}

/** Revokes a key of the caller's organisation; another organisation's key answers 404. */
export async function revokeOrganisationApiKey(db: Db, auth: AuthContext, keyId: string): Promise<ApiKey> {
  if (!(await revokeApiKey(db, auth.organisationId, keyId, auth.userId))) {
    // Revoking a revoked key again changes nothing and says so; an unknown one does not exist.
    const existing = await findApiKey(db, auth.organisationId, keyId);
    if (!existing) throw notFound();
    return toApiKey(existing);
  }
  return toApiKey((await findApiKey(db, auth.organisationId, keyId))!);
}

export interface ApiKeyDeps {
  db: Db;
  jwtSecret: string;
  rateLimit: ApiKeyRateLimit;
}

export interface ApiKeyUse {
  method: string;
  /** The route's pattern, not the URL: no ids or query strings in the audit log. */
  route: string;
  ip: string | null;
  /** Whether the route changes something (a read-only key may not). */
  mutating: boolean;
  log: { error: (obj: unknown, msg: string) => void };
}

/**
 * Checks a presented key and counts its use: who it acts as comes from the stored key (organisation,
 * role of that organisation's users, creator), never from the request. Unknown, revoked and expired
 * keys answer 401, a suspended tenant 403, a write through a read-only key 403, too many calls 429.
 * Every accepted use, and every refused write, is audited.
 */
export async function authenticateApiKey(deps: ApiKeyDeps, token: string, use: ApiKeyUse): Promise<AuthContext> {
  const { db } = deps;
  const publicId = apiKeyPublicId(token);
  const key = publicId ? await findApiKeyCredential(db, publicId) : null;
  if (!key || !apiKeyMatches(deps.jwtSecret, key.secretHash, token) || key.revoked) throw unauthorized(API_KEY_MESSAGES.invalid);
  if (key.expired) throw unauthorized(API_KEY_MESSAGES.expired);
  if (key.suspended) throw new HttpError(403, 'This account is suspended');

  const { count, resetInSeconds } = await recordApiKeyUse(db, key.id, deps.rateLimit.windowSeconds, use.ip);
  if (count > deps.rateLimit.max) throw new RateLimited(resetInSeconds);

  const access = key.access === 'read-only' || key.creatorAccess === 'read-only' ? 'read-only' : 'full';
  const refused = use.mutating && access === 'read-only';
  await auditInBackground(
    db,
    {
    organisationId: key.organisationId,
    actorId: key.createdBy,
    actorName: `${key.creatorUsername} (API key ${key.publicId})`,
    action: refused ? 'api_key.refused' : 'api_key.used',
    target: `${use.method} ${use.route}`,
    ip: use.ip,
    detail: { keyId: key.id, publicId: key.publicId, name: key.name },
    },
    use.log,
  );
  if (refused) throw new HttpError(403, API_KEY_MESSAGES.readOnly);

  return {
    userId: key.createdBy,
    sessionId: `api-key:${key.id}`,
    role: ROLE_FOR_KIND[key.organisationKind],
    organisationId: key.organisationId,
    access,
    mfaPending: false,
    mfaAttempts: 0,
    apiKey: { id: key.id, publicId: key.publicId, name: key.name },
  };
}

/** 429 with the seconds until the key's window ends (sent as Retry-After). */
export class RateLimited extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    super(429, TOO_MANY_ATTEMPTS);
  }
}
