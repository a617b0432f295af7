import crypto from 'node:crypto';
import { deriveKey } from './secret-box';

export const ONE_TIME_CODE_TTL_SECONDS = 10 * 60;
export const ONE_TIME_CODE_MAX_ATTEMPTS = 5;

/** Six digits from the CSPRNG, leading zeros kept. */
export function generateCode(): string {
  return String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
}

/**
 * Codes are stored as HMAC-SHA-256 under a key derived from the server secret, over a per-code
 * salt: a leaked table cannot be brute-forced over the one million possible codes without the secret.
 */
export function hashCode(serverSecret: string, salt: string, code: string): string {
  return crypto.createHmac('sha256', deriveKey(serverSecret, 'one-time-code:v1')).update(`${salt}:${code}`).digest('base64url');
}

export function newSalt(): string {
  return crypto.randomBytes(16).toString('base64url');
}

export function codeMatches(serverSecret: string, salt: string, storedHash: string, code: string): boolean {
  const expected = Buffer.from(storedHash, 'base64url');
  const given = Buffer.from(hashCode(serverSecret, salt, code), 'base64url');
  return expected.length === given.length && crypto.timingSafeEqual(expected, given);
}
