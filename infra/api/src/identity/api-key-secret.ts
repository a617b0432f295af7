import crypto from 'node:crypto';
import { API_KEY_PATTERN, API_KEY_PREFIX } from '@portal/contracts';
import { deriveKey } from './secret-box';

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** 10 base32 characters (50 bits): short enough to read out, long enough never to repeat in practice. */
function newPublicId(): string {
  return Array.from(crypto.randomBytes(10), (byte) => BASE32[byte & 31]).join('');
}

export interface NewApiKey {
  /** The whole key, shown once and never stored. */
  secret: string;
  publicId: string;
}

/** `cbk_<public id>_<256 random bits, base64url>`. */
export function generateApiKey(): NewApiKey {
  const publicId = newPublicId();
  return { publicId, secret: `${API_KEY_PREFIX}${publicId}_${crypto.randomBytes(32).toString('base64url')}` };
}

/** The public id of a well-formed key, else null (anything else is not a key at all). */
export function apiKeyPublicId(token: string): string | null {
  return API_KEY_PATTERN.exec(token)?.[1] ?? null;
}

/** Whether a bearer token claims to be an API key (and so never is a session token). */
export const looksLikeApiKey = (token: string | undefined): boolean => token?.startsWith(API_KEY_PREFIX) === true;

const hashKeys = new Map<string, Buffer>();

/**
 * HMAC-SHA-256 of the whole key under a key derived from the server secret: a stolen table neither
 * works as keys nor can be tested offline without the secret. The random part is 256 bits, so a slow
 * password hash would add cost to every call and no safety.
 */
export function hashApiKey(serverSecret: string, secret: string): string {
  let key = hashKeys.get(serverSecret);
  if (!key) {
    key = deriveKey(serverSecret, 'api-key:v1');
    hashKeys.set(serverSecret, key);
  }
  return crypto.createHmac('sha256', key).update(secret).digest('base64url');
}

export function apiKeyMatches(serverSecret: string, storedHash: string, secret: string): boolean {
  const expected = Buffer.from(storedHash, 'base64url');
  const given = Buffer.from(hashApiKey(serverSecret, secret), 'base64url');
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
