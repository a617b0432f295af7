import { z } from 'zod';
import { storableString } from './storable';
import { GENERIC_VALIDATION_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@portal/config';

// Account area: registration, availability, MFA, forgotten password, change password.
// The form schemas carry the spec's exact messages (section 5) and the server validates the same
// fields with the same rules, so browser and API cannot disagree on what a valid value is.

export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const OTP_LENGTH = 6;

export const ACCOUNT_MESSAGES = Object.freeze({
  currentPasswordRequired: 'Current Password is required',
  currentPasswordMin: 'Current Password is at least 8 characters',
  currentPasswordMax: 'Current Password is at most 20 characters',
  newPasswordRequired: 'New Password is required',
  passwordMin: 'Password must be at least 8 characters',
  passwordMax: 'Password must be at most 20 characters',
  sameAsCurrent: 'New Password cannot be same as current password',
  confirmRequired: 'Confirm Password is required',
  confirmMismatch: 'Confirm Password should match Password',
  usernameCharacters: 'Username may contain only letters, digits, dots, underscores and hyphens',
  otpDigits: 'must contain digits only',
  // Server answers
  registered: 'Registration successful. Please sign in.',
  usernameTaken: 'Username is already taken',
  emailTaken: 'E-mail is already registered',
  commonPassword: 'This password is too common. Choose a less common password.',
  verified: 'Verification successful',
  invalidCode: 'Invalid or expired code',
  tooManyAttempts: 'Too many attempts. Request a new code.',
  codeResent: 'A new code has been sent.',
  forgotSent: 'If an account exists for this e-mail, a verification code has been sent.',
  codeVerified: 'Code verified',
  passwordReset: 'Password has been reset. Please sign in.',
  passwordChanged: 'Password changed successfully. Please login again.',
  currentPasswordIncorrect: 'Current password is incorrect',
});

/** A string field that reports exactly one message at a time (required, then min, then max). */
function textField(options: { required: string; min?: [number, string]; max?: [number, string]; trim?: boolean }) {
  const base = storableString({
    error: (issue) => (issue.input === undefined || issue.input === null ? options.required : `${options.required.split(' is ')[0]} must be a string`),
  });
  const field = options.trim ? base.trim() : base;
  return field.superRefine((value, ctx) => {
    if (value.length === 0) ctx.addIssue({ code: 'custom', message: options.required });
    else if (options.min && value.length < options.min[0]) ctx.addIssue({ code: 'custom', message: options.min[1] });
    else if (options.max && value.length > options.max[0]) ctx.addIssue({ code: 'custom', message: options.max[1] });
  });
}

// The spec's generic templates (section 5) live once, in @portal/config.
const T = GENERIC_VALIDATION_MESSAGES;
const M = ACCOUNT_MESSAGES;

// Deliberately simple: one @, no spaces, a dot in the domain. Deliverability is proven by the code we send.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const usernameFieldSchema = textField({
  required: T.required('Username'),
  min: [USERNAME_MIN_LENGTH, T.min(USERNAME_MIN_LENGTH)],
  max: [USERNAME_MAX_LENGTH, T.max(USERNAME_MAX_LENGTH)],
  trim: true,
}).refine((value) => value.length === 0 || /^[a-zA-Z0-9._-]*$/.test(value), M.usernameCharacters);

export const emailFieldSchema = textField({ required: T.required('Email'), max: [254, T.max(254)], trim: true }).refine(
  (value) => value.length === 0 || value.length > 254 || EMAIL_PATTERN.test(value),
  T.email,
);

const nameField = (label: string, max = 100) => textField({ required: T.required(label), max: [max, T.max(max)], trim: true });

/** A new password: register, reset and change password share these rules (spec section 5). */
export const newPasswordFieldSchema = (required: string = T.required('Password')) =>
  textField({ required, min: [PASSWORD_MIN_LENGTH, M.passwordMin], max: [PASSWORD_MAX_LENGTH, M.passwordMax] });

export const currentPasswordFieldSchema = textField({
  required: M.currentPasswordRequired,
  min: [PASSWORD_MIN_LENGTH, M.currentPasswordMin],
  max: [PASSWORD_MAX_LENGTH, M.currentPasswordMax],
});

export const confirmPasswordFieldSchema = textField({
  required: M.confirmRequired,
  min: [PASSWORD_MIN_LENGTH, T.min(PASSWORD_MIN_LENGTH)],
  max: [PASSWORD_MAX_LENGTH, T.max(PASSWORD_MAX_LENGTH)],
});

export const otpFieldSchema = textField({ required: T.required('Code'), trim: true }).superRefine((value, ctx) => {
  if (value.length === 0) return;
  if (value.length !== OTP_LENGTH) ctx.addIssue({ code: 'custom', message: T.length(OTP_LENGTH) });
  else if (!/^\d+$/.test(value)) ctx.addIssue({ code: 'custom', message: M.otpDigits });
});

const userIdField = z.uuid({ error: 'userId must be a valid id' });

/** Adds "Confirm Password should match Password" on confirmPassword whenever both are strings. */
function confirmMatches<T extends { password: string; confirmPassword: string }>(value: T, ctx: z.RefinementCtx) {
  if (typeof value.password === 'string' && typeof value.confirmPassword === 'string' && value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', message: M.confirmMismatch, path: ['confirmPassword'] });
  }
}

// ---- Forms (react-hook-form + zodResolver) ----

export const changePasswordFormSchema = z
  .object({
    currentPassword: currentPasswordFieldSchema,
    password: newPasswordFieldSchema(M.newPasswordRequired),
    confirmPassword: confirmPasswordFieldSchema,
  })
  .superRefine((value, ctx) => {
    if (typeof value.password === 'string' && value.password.length > 0 && value.password === value.currentPassword) {
      ctx.addIssue({ code: 'custom', message: M.sameAsCurrent, path: ['password'] });
    }
    confirmMatches(value, ctx);
  });
export type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

const registerFields = {
  username: usernameFieldSchema,
  email: emailFieldSchema,
  firstName: nameField('First Name'),
  lastName: nameField('Last Name'),
  company: nameField('Company', 200),
  regionId: textField({ required: T.required('Region'), max: [64, T.max(64)] }),
  password: newPasswordFieldSchema(),
};

export const registerFormSchema = z
  .object({ ...registerFields, confirmPassword: confirmPasswordFieldSchema })
  .superRefine(confirmMatches);
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const forgotFormSchema = z.object({ email: emailFieldSchema });
export type ForgotForm = z.infer<typeof forgotFormSchema>;

export const codeFormSchema = z.object({ otp: otpFieldSchema });
export type CodeForm = z.infer<typeof codeFormSchema>;

export const resetPasswordFormSchema = z
  .object({ password: newPasswordFieldSchema(), confirmPassword: confirmPasswordFieldSchema })
  .superRefine(confirmMatches);
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;

// ---- Requests and responses ----

export const messageResponseSchema = z.object({ message: storableString() });
export type MessageResponse = z.infer<typeof messageResponseSchema>;

export const regionSchema = z.object({ id: storableString(), name: storableString() });
export type Region = z.infer<typeof regionSchema>;
export const regionsResponseSchema = z.array(regionSchema);
export type RegionsResponse = z.infer<typeof regionsResponseSchema>;

export const availableUsernameRequestSchema = z.object({ username: usernameFieldSchema });
export type AvailableUsernameRequest = z.infer<typeof availableUsernameRequestSchema>;
export const availableEmailRequestSchema = z.object({ email: emailFieldSchema });
export type AvailableEmailRequest = z.infer<typeof availableEmailRequestSchema>;
export const availabilityResponseSchema = z.object({ available: z.boolean() });
export type AvailabilityResponse = z.infer<typeof availabilityResponseSchema>;

export const registerRequestSchema = z.object(registerFields);
export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export const registerResponseSchema = z.object({
  message: storableString(),
  userId: storableString(),
  role: z.literal('DIRECTCUSTOMER'),
  mfa: z.literal(false),
  email: storableString(),
  firstName: storableString(),
  lastName: storableString(),
  username: storableString(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

export const MFA_METHODS = ['email', 'totp'] as const;
export const mfaMethodSchema = z.enum(MFA_METHODS);
export type MfaMethod = z.infer<typeof mfaMethodSchema>;

export const validateOtpRequestSchema = z.object({ userId: userIdField, otp: otpFieldSchema });
export type ValidateOtpRequest = z.infer<typeof validateOtpRequestSchema>;

export const mfaResendRequestSchema = z.object({ userId: userIdField });
export type MfaResendRequest = z.infer<typeof mfaResendRequestSchema>;

export const forgotRequestSchema = z.object({ email: emailFieldSchema });
export type ForgotRequest = z.infer<typeof forgotRequestSchema>;

export const validateResetOtpRequestSchema = z.object({ email: emailFieldSchema, otp: otpFieldSchema });
export type ValidateResetOtpRequest = z.infer<typeof validateResetOtpRequestSchema>;

export const resetPasswordRequestSchema = z.object({ email: emailFieldSchema, otp: otpFieldSchema, password: newPasswordFieldSchema() });
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequestSchema>;

export const changePasswordRequestSchema = z
  .object({
    userId: userIdField,
    currentPassword: currentPasswordFieldSchema,
    password: newPasswordFieldSchema(M.newPasswordRequired),
  })
  .superRefine((value, ctx) => {
    if (typeof value.password === 'string' && value.password.length > 0 && value.password === value.currentPassword) {
      ctx.addIssue({ code: 'custom', message: M.sameAsCurrent, path: ['password'] });
    }
  });
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

export const outboxMessageSchema = z.object({
  id: storableString(),
  to: storableString(),
  from: storableString(),
  replyTo: storableString().nullable(),
  subject: storableString(),
  text: storableString(),
  sentAt: storableString(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxResponseSchema = z.array(outboxMessageSchema);
export type OutboxResponse = z.infer<typeof outboxResponseSchema>;
