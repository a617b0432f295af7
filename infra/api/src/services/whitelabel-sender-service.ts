import { ACCOUNT_SETTINGS_MESSAGES as M, WHITELABEL_SENDER_MESSAGES as S, type WhitelabelSender } from '@portal/contracts';
import { codeMatches, generateCode, hashCode, newSalt, ONE_TIME_CODE_MAX_ATTEMPTS, ONE_TIME_CODE_TTL_SECONDS } from '../identity/one-time-code';
import { formatMailbox } from '../mail/mailer';
import { senderVerificationMail } from '../mail/messages';
import { consumeCode, countCodesSince, insertCode, releaseAttempt, reserveAttempt } from '../repositories/one-time-codes-repository';
import { findOwnSender, linkSenderCode, markSenderVerified } from '../repositories/whitelabel-repository';
import type { AccountDeps } from './account-service';
import { HttpError } from './errors';
import { TOO_MANY_ATTEMPTS } from './identity-service';
import type { WhitelabelCaller } from './whitelabel-service';

/**
 * The caller's own organisation's sender: its state, and the From / Reply-To that mail to its users
 * carries right now (the mail branding itself decides, so the page cannot promise something else).
 */
export async function ownSender(deps: AccountDeps, caller: WhitelabelCaller): Promise<WhitelabelSender> {
  const sender = await findOwnSender(deps.db, caller.organisationId);
  const branding = await deps.branding({ userId: caller.userId, email: '', firstName: '', organisationId: caller.organisationId });
  return {
    state: !sender ? 'none' : sender.verified ? 'verified' : sender.liveCodeId ? 'code_sent' : 'unverified',
    address: sender?.address ?? null,
    from: formatMailbox(branding.from),
    replyTo: branding.replyTo ? formatMailbox(branding.replyTo) : null,
  };
}

/**
 * Mails a code to the saved address. The codes count against the caller's hourly cap like any other
 * code, so the feature cannot be used to flood somebody's mailbox. After saving a new address a
 * capped caller still gets the save (quietWhenLimited) and may ask for a code later.
 */
export async function mailSenderCode(deps: AccountDeps, caller: WhitelabelCaller, options: { quietWhenLimited?: boolean } = {}): Promise<void> {
  const sender = await findOwnSender(deps.db, caller.organisationId);
  if (!sender) throw new HttpError(400, S.addressMissing);
  if (sender.verified) throw new HttpError(400, S.alreadyVerified);
  if ((await countCodesSince(deps.db, caller.userId, 'sender', 3600)) >= deps.codesPerHour) {
    if (options.quietWhenLimited) return;
    throw new HttpError(429, TOO_MANY_ATTEMPTS);
  }
  const code = generateCode();
  const salt = newSalt();
  const codeId = await insertCode(deps.db, {
    userId: caller.userId,
    purpose: 'sender',
    codeHash: hashCode(deps.jwtSecret, salt, code),
    salt,
    ttlSeconds: ONE_TIME_CODE_TTL_SECONDS,
  });
  // Only a code linked to the address it went to can verify that address.
  if (!(await linkSenderCode(deps.db, caller.organisationId, sender.address, codeId))) return;
  const branding = await deps.branding({ userId: caller.userId, email: sender.address, firstName: '', organisationId: caller.organisationId });
  await deps.mailer.send(senderVerificationMail(sender.address, branding, code));
}

/** Checks the code with the attempt limits of every one-time code; right, it verifies the address it was mailed to. */
export async function verifySender(deps: AccountDeps, caller: WhitelabelCaller, code: string): Promise<void> {
  const sender = await findOwnSender(deps.db, caller.organisationId);
  if (!sender) throw new HttpError(400, S.addressMissing);
  if (sender.verified) throw new HttpError(400, S.alreadyVerified);
  const reserved = await reserveAttempt(deps.db, caller.userId, 'sender', ONE_TIME_CODE_MAX_ATTEMPTS);
  if (reserved === 'none') throw new HttpError(400, M.invalidCode);
  if (reserved === 'exhausted') throw new HttpError(429, TOO_MANY_ATTEMPTS);
  // A code mailed to an earlier address (or by another editor) is not this address's code.
  if (reserved.id !== sender.liveCodeId || !codeMatches(deps.jwtSecret, reserved.salt, reserved.codeHash, code)) {
    throw new HttpError(400, M.invalidCode);
  }
  await releaseAttempt(deps.db, reserved.id);
  if (!(await consumeCode(deps.db, reserved.id))) throw new HttpError(400, M.invalidCode);
  if (!(await markSenderVerified(deps.db, caller.organisationId, reserved.id))) throw new HttpError(400, M.invalidCode);
}
