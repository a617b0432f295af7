import {
  availabilityResponseSchema,
  availableEmailRequestSchema,
  availableUsernameRequestSchema,
  changePasswordFormSchema,
  changePasswordRequestSchema,
  codeFormSchema,
  forgotFormSchema,
  outboxResponseSchema,
  registerFormSchema,
  registerRequestSchema,
  registerResponseSchema,
  regionsResponseSchema,
  resetPasswordFormSchema,
  resetPasswordRequestSchema,
  signinResponseSchema,
  validateOtpRequestSchema,
  validateResetOtpRequestSchema,
} from './index';
import type { ZodType } from 'zod';

/** field path -> messages, as react-hook-form's zodResolver would see them. */
function messages(schema: ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  const out: Record<string, string[]> = {};
  if (result.success) return out;
  for (const issue of result.error.issues) (out[issue.path.join('.')] ??= []).push(issue.message);
  return out;
}

const USER_ID = '7b0c2a51-3f4e-4d7a-9c1e-2a3b4c5d6e7f';

describe('changePasswordFormSchema (spec section 5)', () => {
  const valid = { currentPassword: 'Current#2026', password: 'Fresh#2026x', confirmPassword: 'Fresh#2026x' };

  it('accepts a valid change', () => {
    expect(changePasswordFormSchema.parse(valid)).toEqual(valid);
  });

  it('says which field is required', () => {
    expect(messages(changePasswordFormSchema, { currentPassword: '', password: '', confirmPassword: '' })).toEqual({
      currentPassword: ['Current Password is required'],
      password: ['New Password is required'],
      confirmPassword: ['Confirm Password is required'],
    });
    expect(messages(changePasswordFormSchema, {})).toEqual({
      currentPassword: ['Current Password is required'],
      password: ['New Password is required'],
      confirmPassword: ['Confirm Password is required'],
    });
  });

  it('uses the exact length messages', () => {
    expect(messages(changePasswordFormSchema, { currentPassword: 'short', password: 'tiny', confirmPassword: 'tiny' })).toEqual({
      currentPassword: ['Current Password is at least 8 characters'],
      password: ['Password must be at least 8 characters'],
      confirmPassword: ['must be at least 8 characters'],
    });
    const long = 'x'.repeat(21);
    expect(messages(changePasswordFormSchema, { currentPassword: long, password: `${long}y`, confirmPassword: `${long}y` })).toEqual({
      currentPassword: ['Current Password is at most 20 characters'],
      password: ['Password must be at most 20 characters'],
      confirmPassword: ['must be at most 20 characters'],
    });
  });

  it('refuses the current password as the new one and a confirmation that differs', () => {
    expect(messages(changePasswordFormSchema, { ...valid, password: valid.currentPassword, confirmPassword: 'Other#2026x' })).toEqual({
      password: ['New Password cannot be same as current password'],
      confirmPassword: ['Confirm Password should match Password'],
    });
  });

  it('accepts exactly 8 and 20 characters', () => {
    expect(changePasswordFormSchema.safeParse({ currentPassword: 'a'.repeat(8), password: 'b'.repeat(20), confirmPassword: 'b'.repeat(20) }).success).toBe(true);
  });
});

describe('registerFormSchema', () => {
  const valid = {
    username: 'new.user-1',
    email: 'new.user@example.com',
    firstName: 'New',
    lastName: 'User',
    company: 'Example Ltd',
    regionId: 'eu-west',
    password: 'Fresh#2026x',
    confirmPassword: 'Fresh#2026x',
  };

  it('accepts a valid registration and trims text fields', () => {
    expect(registerFormSchema.parse({ ...valid, username: ' new.user-1 ' })).toEqual(valid);
  });

  it('uses the generic templates with readable field names', () => {
    expect(messages(registerFormSchema, {})).toEqual({
      username: ['Username is a required field'],
      email: ['Email is a required field'],
      firstName: ['First Name is a required field'],
      lastName: ['Last Name is a required field'],
      company: ['Company is a required field'],
      regionId: ['Region is a required field'],
      password: ['Password is a required field'],
      confirmPassword: ['Confirm Password is required'],
    });
  });

  it('checks username, e-mail, password and confirmation', () => {
    expect(messages(registerFormSchema, { ...valid, username: 'ab' })).toEqual({ username: ['must be at least 3 characters'] });
    expect(messages(registerFormSchema, { ...valid, username: 'x'.repeat(31) })).toEqual({ username: ['must be at most 30 characters'] });
    expect(messages(registerFormSchema, { ...valid, username: 'bad name!' })).toEqual({
      username: ['Username may contain only letters, digits, dots, underscores and hyphens'],
    });
    expect(messages(registerFormSchema, { ...valid, email: 'not-an-email' })).toEqual({ email: ['must be a valid email'] });
    expect(messages(registerFormSchema, { ...valid, password: 'short', confirmPassword: 'short' })).toEqual({
      password: ['Password must be at least 8 characters'],
      confirmPassword: ['must be at least 8 characters'],
    });
    expect(messages(registerFormSchema, { ...valid, confirmPassword: 'Other#2026x' })).toEqual({
      confirmPassword: ['Confirm Password should match Password'],
    });
  });

  it('has a request schema without the confirmation', () => {
    const { confirmPassword: _ignored, ...request } = valid;
    expect(registerRequestSchema.parse(valid)).toEqual(request);
  });
});

describe('forgot, code and reset forms', () => {
  it('validates the e-mail', () => {
    expect(messages(forgotFormSchema, { email: '' })).toEqual({ email: ['Email is a required field'] });
    expect(messages(forgotFormSchema, { email: 'a@b' })).toEqual({ email: ['must be a valid email'] });
    expect(forgotFormSchema.parse({ email: ' a@b.co ' })).toEqual({ email: 'a@b.co' });
  });

  it('wants exactly six digits', () => {
    expect(messages(codeFormSchema, { otp: '12345' })).toEqual({ otp: ['must be exactly 6 characters'] });
    expect(messages(codeFormSchema, { otp: '1234567' })).toEqual({ otp: ['must be exactly 6 characters'] });
    expect(messages(codeFormSchema, { otp: '12345a' })).toEqual({ otp: ['must contain digits only'] });
    expect(messages(codeFormSchema, { otp: '' })).toEqual({ otp: ['Code is a required field'] });
    expect(codeFormSchema.parse({ otp: '012345' })).toEqual({ otp: '012345' });
  });

  it('checks the new password and its confirmation', () => {
    expect(messages(resetPasswordFormSchema, { password: 'Fresh#2026x', confirmPassword: 'Fresh#2026y' })).toEqual({
      confirmPassword: ['Confirm Password should match Password'],
    });
    expect(messages(resetPasswordFormSchema, { password: 'x'.repeat(21), confirmPassword: 'x'.repeat(21) })).toEqual({
      password: ['Password must be at most 20 characters'],
      confirmPassword: ['must be at most 20 characters'],
    });
  });
});

describe('account request and response schemas', () => {
  it('validates availability requests and answers', () => {
    expect(availableUsernameRequestSchema.safeParse({ username: 'admin' }).success).toBe(true);
    expect(availableUsernameRequestSchema.safeParse({ username: 'a b' }).success).toBe(false);
    expect(availableEmailRequestSchema.safeParse({ email: 'x@example.com' }).success).toBe(true);
    expect(availableEmailRequestSchema.safeParse({ email: 'x' }).success).toBe(false);
    expect(availabilityResponseSchema.parse({ available: true })).toEqual({ available: true });
  });

  it('describes regions, the register answer and the outbox', () => {
    expect(regionsResponseSchema.parse([{ id: 'eu-west', name: 'Europe (Ireland)' }])).toHaveLength(1);
    const registered = {
      message: 'Registration successful. Please sign in.',
      userId: USER_ID,
      role: 'DIRECTCUSTOMER',
      mfa: false,
      email: 'e@x.io',
      firstName: 'F',
      lastName: 'L',
      username: 'u',
    };
    expect(registerResponseSchema.parse(registered)).toEqual(registered);
    expect(registerResponseSchema.safeParse({ ...registered, role: 'ADMIN' }).success).toBe(false);
    const mail = { id: '1', to: 'a@b.co', from: 'P <p@x.io>', replyTo: null, subject: 's', text: 't', sentAt: '2026-01-01T00:00:00.000Z' };
    expect(outboxResponseSchema.parse([mail])).toEqual([mail]);
  });

  it('carries the MFA method in the sign-in answer only when given', () => {
    const base = { accessToken: 't', userId: 'u', mfa: true, role: 'CUSTOMER', email: 'e', firstName: 'f', lastName: 'l', username: 'n' };
    expect(signinResponseSchema.parse({ ...base, mfaMethod: 'email' }).mfaMethod).toBe('email');
    expect(signinResponseSchema.parse(base)).toEqual(base);
    expect(signinResponseSchema.safeParse({ ...base, mfaMethod: 'sms' }).success).toBe(false);
  });

  it('validates the MFA and reset requests', () => {
    expect(validateOtpRequestSchema.safeParse({ userId: USER_ID, otp: '123456' }).success).toBe(true);
    expect(validateOtpRequestSchema.safeParse({ userId: 'me', otp: '123456' }).success).toBe(false);
    expect(validateResetOtpRequestSchema.safeParse({ email: 'a@b.co', otp: '123456' }).success).toBe(true);
    expect(resetPasswordRequestSchema.safeParse({ email: 'a@b.co', otp: '123456', password: 'short' }).success).toBe(false);
  });

  it('refuses a change-password request whose new password equals the current one', () => {
    expect(messages(changePasswordRequestSchema, { userId: USER_ID, currentPassword: 'Same#20261', password: 'Same#20261' })).toEqual({
      password: ['New Password cannot be same as current password'],
    });
    expect(changePasswordRequestSchema.safeParse({ userId: USER_ID, currentPassword: 'Old#20261x', password: 'New#20261x' }).success).toBe(true);
  });
});
