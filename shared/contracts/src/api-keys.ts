import { z } from 'zod';
import { idField } from './paging';
import { calendarDate, storableString } from './storable';
import { userAccessSchema } from './user-access';

// Public API keys (issue 22): an organisation's keys for its PSA and RMM tools. A key acts as the
// organisation's users do, on the endpoints whose descriptor accepts keys, read-only or with full
// access, until it expires or is revoked.

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'cbk_';

/** `cbk_<public id>_<secret>`: the public id (10 base32 characters) is what the key list shows. */
export const API_KEY_PATTERN = /^cbk_([a-z2-7]{10})_([A-Za-z0-9_-]{43})$/;

export const API_KEY_NAME_MAX = 60;
/** Keys live at most this long; an expiry date is at most this many days ahead. */
export const API_KEY_MAX_DAYS = 730;
/** Active (neither revoked nor expired) keys per organisation. */
export const API_KEYS_PER_ORGANISATION = 25;

export const API_KEY_MESSAGES = Object.freeze({
  nameRequired: 'Name is required',
  nameTooLong: `Name is at most ${API_KEY_NAME_MAX} characters`,
  expiryInvalid: 'Expiry must be a valid date',
  expiryPast: 'Expiry must be after today',
  expiryTooFar: `Expiry must be within ${API_KEY_MAX_DAYS} days`,
  tooMany: `An organisation can have at most ${API_KEYS_PER_ORGANISATION} active keys`,
  created: 'API key created. Copy it now: it will not be shown again.',
  revoked: 'API key revoked.',
  invalid: 'Invalid or revoked API key',
  expired: 'API key expired',
  notAccepted: 'This endpoint does not accept API keys',
  readOnly: 'This API key is read-only',
});

/** The last day a key may be set to expire on, counted from `today` (YYYY-MM-DD, UTC). */
export function lastExpiryDay(today: Date = new Date()): string {
  const last = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + API_KEY_MAX_DAYS));
  return last.toISOString().slice(0, 10);
}

const todayUtc = () => new Date().toISOString().slice(0, 10);

export const createApiKeyRequestSchema = z.object({
  name: storableString({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(API_KEY_NAME_MAX, API_KEY_MESSAGES.nameTooLong),
  access: userAccessSchema,
  // The key works through the end of this day (UTC); empty, null or absent: until revoked.
  expiresOn: z.preprocess(
    (value) => (value === '' ? null : value),
    calendarDate(API_KEY_MESSAGES.expiryInvalid)
      .refine((day) => day > todayUtc(), API_KEY_MESSAGES.expiryPast)
      .refine((day) => day <= lastExpiryDay(), API_KEY_MESSAGES.expiryTooFar)
      .nullish(),
  ),
});
export type CreateApiKeyRequest = z.infer<typeof createApiKeyRequestSchema>;
/** What the form holds: an empty expiry field means no expiry. */
export type CreateApiKeyForm = { name: string; access: CreateApiKeyRequest['access']; expiresOn: string };

export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;

export const apiKeySchema = z.object({
  id: storableString(),
  name: storableString(),
  /** The short id inside the key (`cbk_<publicId>_…`), to tell keys apart; not a secret. */
  publicId: storableString(),
  access: userAccessSchema,
  status: z.enum(API_KEY_STATUSES),
  createdAt: storableString(),
  createdByName: storableString().nullable(),
  expiresAt: storableString().nullable(),
  lastUsedAt: storableString().nullable(),
  lastUsedIp: storableString().nullable(),
  revokedAt: storableString().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ items: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** The one answer that carries the secret: it is never stored, so never shown again. */
export const createdApiKeySchema = z.object({ message: storableString(), key: apiKeySchema, secret: storableString() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

export const apiKeyIdParamsSchema = z.object({ keyId: idField('keyId') });

export const revokedApiKeySchema = z.object({ message: storableString(), key: apiKeySchema });
export type RevokedApiKey = z.infer<typeof revokedApiKeySchema>;
