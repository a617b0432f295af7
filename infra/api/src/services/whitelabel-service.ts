import {
  ACCOUNT_SETTINGS_MESSAGES as M,
  type Role,
  type WhitelabelResponse,
  type WhitelabelSettingsRequest,
  type WhitelabelValues,
  WHITELABEL_EDITOR_ROLES,
} from '@portal/contracts';
import { imageExists } from '../repositories/images-repository';
import { findEffectiveWhitelabel, findOwnWhitelabel, setWhitelabelLogo, upsertWhitelabel } from '../repositories/whitelabel-repository';
import type { AccountDeps } from './account-service';
import { forbidden, HttpError } from './errors';
import { claimImage, parseOwnMediaUrl } from './image-service';
import { mailSenderCode, ownSender } from './whitelabel-sender-service';


export interface WhitelabelCaller {
  userId: string;
  role: Role;
  organisationId: string;
}

const canEdit = (caller: WhitelabelCaller) => (WHITELABEL_EDITOR_ROLES as readonly Role[]).includes(caller.role);

const EMPTY: WhitelabelValues = { copyrightText: null, whitelabelImageUrl: null, whiteLabelEmail: null, presetColor: null };

/**
 * What the caller sees (their organisation's branding or the nearest ancestor's) and, for the
 * editor roles, their own organisation's settings. Only the caller's own organisation path is
 * consulted: no id from the client decides whose branding is read.
 */
export async function getWhitelabel(deps: AccountDeps, caller: WhitelabelCaller): Promise<WhitelabelResponse> {
  const { db } = deps;
  const effective = await findEffectiveWhitelabel(db, caller.organisationId);
  const own = canEdit(caller) ? ((await findOwnWhitelabel(db, caller.organisationId)) ?? null) : null;
  const values: WhitelabelValues = effective
    ? {
        copyrightText: effective.copyrightText,
        whitelabelImageUrl: effective.whitelabelImageUrl,
        whiteLabelEmail: effective.whiteLabelEmail,
        presetColor: effective.presetColor,
      }
    : EMPTY;
  return {
    ...values,
    sourceOrganisationName: effective?.sourceOrganisationName ?? null,
    inherited: effective ? effective.sourceOrganisationId !== caller.organisationId : false,
    canEdit: canEdit(caller),
    own,
    sender: canEdit(caller) ? await ownSender(deps, caller) : null,
  };
}

const blankToNull = (value: string) => (value.trim() === '' ? null : value.trim());

/**
 * Saves the settings. A new white-label address starts unverified (the repository clears the proof
 * of the old one) and is mailed a code at once, so the page can ask for it next.
 */
export async function updateWhitelabel(
  deps: AccountDeps,
  caller: WhitelabelCaller,
  input: WhitelabelSettingsRequest,
  mediaBase: string,
): Promise<WhitelabelResponse> {
  const { db } = deps;
  if (!canEdit(caller)) throw forbidden();
  const previousAddress = (await findOwnWhitelabel(db, caller.organisationId))?.whiteLabelEmail ?? null;
  const logo = blankToNull(input.whitelabelImageUrl);
  // The schema let a media path through by shape; it must also be one of ours that exists.
  if (logo && !logo.startsWith('https://')) {
    const sha256 = parseOwnMediaUrl(mediaBase, logo);
    if (!sha256 || !(await imageExists(db, sha256))) throw new HttpError(400, M.logoUrlInvalid);
  }
  await upsertWhitelabel(
    db,
    caller.organisationId,
    {
      copyrightText: blankToNull(input.copyrightText),
      whiteLabelEmail: blankToNull(input.whiteLabelEmail),
      whitelabelImageUrl: logo,
      presetColor: input.presetColor === 'default' ? null : input.presetColor,
    },
    caller.userId,
  );
  const address = blankToNull(input.whiteLabelEmail);
  if (address && address !== previousAddress) await mailSenderCode(deps, caller, { quietWhenLimited: true });
  return getWhitelabel(deps, caller);
}

export async function commitWhitelabelImage(deps: AccountDeps, caller: WhitelabelCaller, uploadId: string, mediaBase: string): Promise<WhitelabelResponse> {
  const { db } = deps;
  if (!canEdit(caller)) throw forbidden();
  const url = await claimImage(db, { userId: caller.userId, purpose: 'whitelabel', uploadId, mediaBase });
  await setWhitelabelLogo(db, caller.organisationId, url, caller.userId);
  return getWhitelabel(deps, caller);
}
