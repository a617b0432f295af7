import { z } from 'zod';
import { otpFieldSchema } from './account';

// Verified white-label sender addresses: an address is used for mail only after a code sent to it
// came back, and as the From address only when the operator allows its domain (MAIL_SENDER_DOMAINS).
// This module imports only ./account so that account-settings and index can use it without a cycle.

export const WHITELABEL_SENDER_MESSAGES = Object.freeze({
  codeSent: 'We sent a six-digit code to the white-label e-mail address. Enter it here to verify the address.',
  verified: 'The white-label e-mail address is verified.',
  addressMissing: 'Save a white-label e-mail address first',
  alreadyVerified: 'The white-label e-mail address is already verified',
});

/**
 * none: no address saved; unverified: saved, no live code; code_sent: a code was mailed and can
 * still be used; verified: the code came back for this exact address.
 */
export const WHITELABEL_SENDER_STATES = ['none', 'unverified', 'code_sent', 'verified'] as const;
export const whitelabelSenderStateSchema = z.enum(WHITELABEL_SENDER_STATES);
export type WhitelabelSenderState = z.infer<typeof whitelabelSenderStateSchema>;

/** The editor's own organisation's sender, and the headers mail to its users carries today. */
export const whitelabelSenderSchema = z.object({
  state: whitelabelSenderStateSchema,
  address: z.string().nullable(),
  from: z.string(),
  replyTo: z.string().nullable(),
});
export type WhitelabelSender = z.infer<typeof whitelabelSenderSchema>;

/** POST api/users/{userId}/whitelabel/sender/verify (also the form). */
export const whitelabelSenderVerifyRequestSchema = z.object({ code: otpFieldSchema });
export type WhitelabelSenderVerifyRequest = z.infer<typeof whitelabelSenderVerifyRequestSchema>;
