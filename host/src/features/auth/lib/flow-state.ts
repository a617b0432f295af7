// Navigation state of the forgotten-password flow: /forgot -> /code-verification { email } -> /reset { email, otp }.

export type CodeVerificationState = { email: string };
export type ResetState = { email: string; otp: string };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

export const isCodeVerificationState = (value: unknown): value is CodeVerificationState =>
  isObject(value) && typeof value.email === 'string' && value.email !== '';

export const isResetState = (value: unknown): value is ResetState =>
  isCodeVerificationState(value) && typeof (value as Record<string, unknown>).otp === 'string' && (value as Record<string, unknown>).otp !== '';
