import fs from 'node:fs';
import path from 'node:path';
import { ACCOUNT_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/contracts';
import { HttpError } from '../services/errors';

export const COMMON_PASSWORDS_FILE = path.resolve(__dirname, '../../assets/common-passwords.txt');

let common: Set<string> | undefined;

function commonPasswords(): Set<string> {
  common ??= new Set(
    fs
      .readFileSync(COMMON_PASSWORDS_FILE, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter(Boolean),
  );
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}

/**
 * Server-side rules for every password that is being set (register, reset, change). The zod
 * schemas already check the length; it is checked again here so no caller can skip it.
 */
export function assertAcceptablePassword(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw new HttpError(400, ACCOUNT_MESSAGES.passwordMin);
  if (password.length > PASSWORD_MAX_LENGTH) throw new HttpError(400, ACCOUNT_MESSAGES.passwordMax);
  if (isCommonPassword(password)) throw new HttpError(400, ACCOUNT_MESSAGES.commonPassword);
}
