import { ACCOUNT_SETTINGS_MESSAGES as M, type AccountProfile, type UpdateProfileRequest } from '@portal/contracts';
import type { Db } from '@portal/db';
import { emailUsedByOther, findAccountProfile, setProfileImageUrl, updateProfileFields } from '../repositories/account-profile-repository';
import { findUserById } from '../repositories/users-repository';
import { HttpError, notFound } from './errors';
import { claimImage } from './image-service';
import { verifyCurrentPassword, type PasswordAttempt } from './password-attempts';
import type { UserReadCache } from './user-read-cache';

const blankToNull = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : null);

/** The caller's profile; through `cache` when given (a read-only view: a change must read the database). */
export async function getAccountProfile(db: Db, userId: string, cache?: UserReadCache<AccountProfile>): Promise<AccountProfile> {
  const load = () => findAccountProfile(db, userId);
  const profile = await (cache ? cache.read(userId, load) : load());
  if (!profile) throw notFound();
  return profile;
}

/**
 * Saves the editable fields. A new e-mail address needs the current password: whoever holds an open
 * session must not be able to redirect password-reset mail to themselves.
 */
export async function updateAccountProfile(db: Db, userId: string, input: UpdateProfileRequest, attempt: PasswordAttempt): Promise<AccountProfile> {
  const user = await findUserById(db, userId);
  if (!user) throw notFound();
  const email = input.email.trim();
  if (email.toLowerCase() !== user.email.toLowerCase()) {
    if (!input.currentPassword) throw new HttpError(400, M.passwordNeededForEmail);
    if (!(await verifyCurrentPassword(db, attempt, user, input.currentPassword))) throw new HttpError(400, M.currentPasswordIncorrect);
    if (await emailUsedByOther(db, userId, email)) throw new HttpError(409, M.emailTaken);
  }
  try {
    await updateProfileFields(db, userId, {
      firstName: input.firstName.trim(),
      lastName: input.lastName.trim(),
      email,
      phone: blankToNull(input.phone),
      timeZone: blankToNull(input.timeZone),
      language: blankToNull(input.language),
    });
  } catch (error) {
    // Two users racing for one address: the unique index decides.
    if ((error as { code?: string }).code === '23505') throw new HttpError(409, M.emailTaken);
    throw error;
  }
  return getAccountProfile(db, userId);
}

export async function commitProfileImage(db: Db, userId: string, uploadId: string, mediaBase: string): Promise<AccountProfile> {
  const url = await claimImage(db, { userId, purpose: 'profile', uploadId, mediaBase });
  await setProfileImageUrl(db, userId, url);
  return getAccountProfile(db, userId);
}
