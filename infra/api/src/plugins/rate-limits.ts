export interface RateLimitRule {
  max: number;
  timeWindow: number | string;
}

/** Per-address limits, one counter per route and client address. */
export const RATE_LIMIT_DEFAULTS = {
  signin: { max: 20, timeWindow: '1 minute' },
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

/** Failed sign-ins per account (username typed) before sign-in answers 429 for it. */
export const ACCOUNT_LOCKOUT_DEFAULT = { max: 100, windowSeconds: 60 * 60 };

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
