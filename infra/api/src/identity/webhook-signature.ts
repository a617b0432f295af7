import crypto from 'node:crypto';

/** `whsec_` and 256 random bits: the key a receiver verifies deliveries with. */
export const generateWebhookSecret = (): string => `whsec_${crypto.randomBytes(32).toString('base64url')}`;

/**
 * The signature header's value: `v1=` and the hex HMAC-SHA-256, keyed with the whole secret (its
 * UTF-8 bytes, `whsec_` included), over the timestamp (Unix seconds, as sent in its header), a dot
 * and the exact body bytes. The timestamp is signed too, so a receiver can refuse old deliveries
 * (replays) without trusting an unsigned header.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${crypto.createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}
