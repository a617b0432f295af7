import type { preHandlerAsyncHookHandler } from 'fastify';
import type { Db } from '@portal/db';
import type { ResolvedRateLimits } from '../plugins/rate-limits';
import type { AccountDeps } from '../services/account-service';
import type { PasswordAttemptLimits } from '../services/password-attempts';

export interface RouteDeps {
  db: Db;
  jwtSecret: string;
  version: string;
  startedAt: Date;
  /** Protected routes: a full session (MFA done). */
  authenticate: preHandlerAsyncHookHandler;
  /** The MFA routes only: also accepts a session whose second factor is pending. */
  authenticateMfaPending: preHandlerAsyncHookHandler;
  rateLimits: ResolvedRateLimits;
  /** Wrong-password limits shared by sign-in and change-password. */
  passwordAttempts: PasswordAttemptLimits;
  account: AccountDeps;
  /** GET dev/outbox is registered only when true (demo mode without SMTP). */
  devOutbox: boolean;
}
