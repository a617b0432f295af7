export interface RateLimitRule {
  max: number;
  timeWindow: number | string;
}

/** Per-address limits, one counter per route and client address. */
export const RATE_LIMIT_DEFAULTS = {
  availableUsername: { max: 60, timeWindow: '1 minute' },
  availableEmail: { max: 60, timeWindow: '1 minute' },
  register: { max: 20, timeWindow: '1 hour' },
  forgot: { max: 10, timeWindow: '1 hour' },
  validateResetOtp: { max: 30, timeWindow: '1 hour' },
  resetPassword: { max: 30, timeWindow: '1 hour' },
  validateOtp: { max: 30, timeWindow: '15 minutes' },
  mfaResend: { max: 5, timeWindow: '15 minutes' },
} satisfies Record<string, RateLimitRule>;

export type RateLimitName = keyof typeof RATE_LIMIT_DEFAULTS;
export type RateLimitOptions = Partial<Record<RateLimitName, RateLimitRule | false>>;
export type ResolvedRateLimits = Record<RateLimitName, RateLimitRule | false>;

export interface FailureLimit {
  max: number;
  windowSeconds: number;
}

/** Failed sign-ins per account (username typed) before sign-in answers 429 for it. */
export const ACCOUNT_LOCKOUT_DEFAULT: FailureLimit = { max: 100, windowSeconds: 60 * 60 };

/**
 * Wrong passwords per client address (sign-in and change-password) before both answer 429 to it.
 * Only failures count: technicians of one office signing in together at the start of a shift share
 * an address and must not lock each other out.
 */
export const ADDRESS_LOCKOUT_DEFAULT: FailureLimit = { max: 20, windowSeconds: 60 };

/** One-time codes sent per user, per hour and purpose (resend, forgot and MFA sign-ins together). */
export const CODES_PER_HOUR_DEFAULT = 10;

export function resolveRateLimits(options: RateLimitOptions = {}): ResolvedRateLimits {
  const out = { ...RATE_LIMIT_DEFAULTS } as ResolvedRateLimits;
  for (const [name, rule] of Object.entries(options) as [RateLimitName, RateLimitRule | false | undefined][]) {
    if (rule !== undefined) out[name] = rule;
  }
  return out;
}

/** Route config for @fastify/rate-limit. */
export const limitConfig = (rule: RateLimitRule | false) => (rule ? { rateLimit: rule } : {});
