import { ALL_ROLES, GENERIC_VALIDATION_MESSAGES, PRESET_COLORS, type Role } from '@portal/config';
import { z } from 'zod';
import { storableString } from './storable';
import { idField } from './paging';
import { currentPasswordFieldSchema, emailFieldSchema, otpFieldSchema } from './account';
import { userAccessSchema } from './user-access';
import { whitelabelSenderSchema } from './whitelabel-sender';

/** Spec section 6: the Whitelabel page is for these roles, and the API refuses everyone else. */
export const WHITELABEL_EDITOR_ROLES = ['ADMIN', 'PARTNER', 'DIRECTPARTNER'] as const satisfies readonly Role[];

// Account settings: profile, profile picture, MFA enrolment, sessions, white-label branding
// and notification preferences. The forms and the API validate with these same schemas.
// This module imports only ./account and ./user-access (never ./index) so that index can re-export it without a cycle.

const T = GENERIC_VALIDATION_MESSAGES;

/** Width × height the server decodes at most: a file of a few bytes can declare a huge image. */
const IMAGE_MAX_MEGAPIXELS = 16;
export const IMAGE_MAX_PIXELS = IMAGE_MAX_MEGAPIXELS * 1_000_000;

export const ACCOUNT_SETTINGS_MESSAGES = Object.freeze({
  profileSaved: 'Profile saved.',
  passwordNeededForEmail: 'Enter your current password to change your e-mail address',
  currentPasswordIncorrect: 'Current password is incorrect',
  emailTaken: 'E-mail is already registered',
  phoneInvalid: 'Phone may contain only digits, spaces, brackets, dashes and a leading +',
  timeZoneInvalid: 'Choose a time zone from the list',
  languageInvalid: 'Choose a language from the list',
  imageRequired: 'Choose an image',
  imageTooLarge: 'The image must be at most 2 MB',
  imageSvg: 'SVG images are not accepted: upload a PNG, JPEG or WebP image',
  imageType: 'Only PNG, JPEG or WebP images are accepted',
  imageEmpty: 'The image is empty',
  imageTooManyPixels: `The image must have at most ${IMAGE_MAX_MEGAPIXELS} megapixels`,
  imageDataInvalid: 'The image data must be base64',
  uploadUnknown: 'This upload does not exist or has expired. Upload the image again.',
  pictureSaved: 'Profile picture updated.',
  copyrightTooLong: 'Copyright text must be at most 200 characters',
  copyrightControl: 'Copyright text must be plain text on one line',
  logoUrlHttps: 'Logo URL must be an https:// address',
  logoUrlScheme: 'javascript: and data: URLs are not allowed for the logo',
  logoUrlInvalid: 'Logo URL must be a valid URL',
  logoUrlCredentials: 'Logo URL must not contain a user name or password',
  logoUrlHost: 'Logo URL must point to a public web server',
  presetInvalid: 'Choose a colour from the list',
  whitelabelSaved: 'White-label settings saved.',
  logoSaved: 'Logo updated.',
  notificationsSaved: 'Notification settings saved.',
  mfaAlreadyOn: 'Multi-factor authentication is already on. Turn it off first to switch method.',
  mfaAlreadyOff: 'Multi-factor authentication is not on',
  mfaEmailCodeSent: 'We sent a six-digit code to your e-mail address.',
  mfaScanCode: 'Scan the QR code with your authenticator app, then enter the code it shows.',
  mfaUseApp: 'Enter the code from your authenticator app.',
  mfaSetupMissing: 'Start the set-up again: no pending authenticator was found.',
  mfaEnabled: 'Multi-factor authentication is on.',
  mfaDisabled: 'Multi-factor authentication is off.',
  invalidCode: 'Invalid or expired code',
  sessionsRevoked: 'You have been signed out everywhere.',
  sessionRevoked: 'The session was signed out.',
});
const M = ACCOUNT_SETTINGS_MESSAGES;

export const PROFILE_IMAGE_MAX_BYTES = 2 * 1024 * 1024;
export const COPYRIGHT_MAX_LENGTH = 200;
export const PHONE_MAX_LENGTH = 30;
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageContentType = (typeof IMAGE_CONTENT_TYPES)[number];

export const LANGUAGES = [
  { code: 'en', label: 'English' },
  { code: 'de', label: 'Deutsch' },
  { code: 'fr', label: 'Français' },
  { code: 'es', label: 'Español' },
  { code: 'it', label: 'Italiano' },
  { code: 'nl', label: 'Nederlands' },
  { code: 'pt', label: 'Português' },
] as const;
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [string, ...string[]];

/** True for an IANA time zone name the runtime knows (browsers and Node share the ICU data). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const roleSchema = z.enum(ALL_ROLES as unknown as [Role, ...Role[]]);

// ---- Profile ----

/** GET / PUT api/users/{userId}/profile answer: the spec's profile plus the editable fields. */
export const accountProfileSchema = z.object({
  userId: storableString(),
  username: storableString(),
  email: storableString(),
  firstName: storableString(),
  lastName: storableString(),
  role: roleSchema,
  profileImageUrl: storableString().nullable(),
  organisationName: storableString(),
  phone: storableString().nullable(),
  timeZone: storableString().nullable(),
  language: storableString().nullable(),
  mfaMethod: z.enum(['email', 'totp']).nullable(),
  /** The user's organisation or an ancestor requires MFA: it cannot be turned off. */
  mfaRequired: z.boolean().optional(),
  /** Access level within the tier; the shell shows "Read-only" next to the role. */
  access: userAccessSchema.optional(),
});
export type AccountProfile = z.infer<typeof accountProfileSchema>;

function nameField(label: string) {
  return storableString({ error: `${label} is a required field` })
    .trim()
    .min(1, T.required(label))
    .max(100, T.max(100));
}

const phoneField = storableString({ error: 'Phone must be a string' })
  .trim()
  .max(PHONE_MAX_LENGTH, T.max(PHONE_MAX_LENGTH))
  .refine((value) => value === '' || /^\+?[0-9][0-9 ()-]{4,}$/.test(value), M.phoneInvalid);

const timeZoneField = storableString({ error: 'Time zone must be a string' })
  .refine((value) => value === '' || isTimeZone(value), M.timeZoneInvalid);

const languageField = storableString({ error: 'Language must be a string' })
  .refine((value) => value === '' || (LANGUAGE_CODES as string[]).includes(value), M.languageInvalid);

const profileFields = {
  firstName: nameField('First Name'),
  lastName: nameField('Last Name'),
  email: emailFieldSchema,
  phone: phoneField,
  timeZone: timeZoneField,
  language: languageField,
  // Only needed (and then required) when the e-mail changes; the server checks it against the hash.
  currentPassword: storableString().max(1024, T.max(1024)).optional(),
};

/** PUT api/users/{userId}/profile. Empty phone, time zone or language clear them. */
export const updateProfileRequestSchema = z.object(profileFields);
export type UpdateProfileRequest = z.infer<typeof updateProfileRequestSchema>;

/** The form knows the saved e-mail, so it can ask for the password only when the e-mail changes. */
export const profileFormSchema = (savedEmail: string) =>
  z.object(profileFields).superRefine((value, ctx) => {
    const changed = typeof value.email === 'string' && value.email.trim().toLowerCase() !== savedEmail.trim().toLowerCase();
    if (changed && !value.currentPassword) ctx.addIssue({ code: 'custom', message: M.passwordNeededForEmail, path: ['currentPassword'] });
  });
export type ProfileForm = z.infer<typeof updateProfileRequestSchema>;

// ---- Images (profile picture and white-label logo), two steps: upload, then commit ----

/** What the bytes are, judged by their first bytes (magic numbers), never by name or declared type. */
export type ImageCheck = { ok: true; contentType: ImageContentType } | { ok: false; errorMessage: string };

export function checkImageBytes(bytes: Uint8Array): ImageCheck {
  if (bytes.length === 0) return { ok: false, errorMessage: M.imageEmpty };
  if (bytes.length > PROFILE_IMAGE_MAX_BYTES) return { ok: false, errorMessage: M.imageTooLarge };
  const at = (i: number) => bytes[i];
  if (bytes.length >= 8 && at(0) === 0x89 && at(1) === 0x50 && at(2) === 0x4e && at(3) === 0x47 && at(4) === 0x0d && at(5) === 0x0a && at(6) === 0x1a && at(7) === 0x0a) {
    return { ok: true, contentType: 'image/png' };
  }
  if (bytes.length >= 3 && at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return { ok: true, contentType: 'image/jpeg' };
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to));
  if (bytes.length >= 12 && ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return { ok: true, contentType: 'image/webp' };
  // SVG is text that can carry script: name it so the user knows why it was refused.
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 1024)).replace(/^\uFEFF/, '').trimStart().toLowerCase();
  if (head.startsWith('<svg') || head.startsWith('<?xml') || head.startsWith('<!doctype svg') || (head.startsWith('<') && head.includes('<svg'))) {
    return { ok: false, errorMessage: M.imageSvg };
  }
  return { ok: false, errorMessage: M.imageType };
}

/** Max characters of base64 for PROFILE_IMAGE_MAX_BYTES (plus padding slack). */
export const IMAGE_BASE64_MAX_LENGTH = Math.ceil(PROFILE_IMAGE_MAX_BYTES / 3) * 4 + 4;

/** PUT api/users/{userId}/profile/image and .../whitelabel/image: the JSON image description. */
export const imageUploadRequestSchema = z.object({
  fileName: storableString().max(255, T.max(255)).optional(),
  /** What the browser claims; informative only, the server decides from the bytes. */
  contentType: storableString().max(100, T.max(100)).optional(),
  data: storableString({ error: M.imageRequired })
    .min(1, M.imageRequired)
    .max(IMAGE_BASE64_MAX_LENGTH, M.imageTooLarge)
    .refine((value) => /^[A-Za-z0-9+/]*={0,2}$/.test(value), M.imageDataInvalid),
});
export type ImageUploadRequest = z.infer<typeof imageUploadRequestSchema>;

export const imageUploadResponseSchema = z.object({
  uploadId: storableString(),
  /** Served from the portal's origin (no Authorization header needed), usable as a preview at once. */
  imageUrl: storableString(),
  contentType: z.enum(IMAGE_CONTENT_TYPES),
  size: z.number().int().nonnegative(),
});
export type ImageUploadResponse = z.infer<typeof imageUploadResponseSchema>;

/** POST api/users/{userId}/commit/profile/image and .../commit/whitelabel/image. */
export const commitImageRequestSchema = z.object({ uploadId: idField('uploadId') });
export type CommitImageRequest = z.infer<typeof commitImageRequestSchema>;

/** GET media/{file}: names are `<sha256>.<png|jpg|webp>`; over 80 characters is a 400, any other wrong name a 404 (the route checks it). */
export const mediaFileParamsSchema = z.object({ file: z.string().max(80) });
export type MediaFileParams = z.infer<typeof mediaFileParamsSchema>;

// ---- MFA enrolment ----

export const mfaMethodFieldSchema = z.enum(['email', 'totp'], { error: 'method must be email or totp' });

export const mfaSetupRequestSchema = z.object({ method: mfaMethodFieldSchema, currentPassword: currentPasswordFieldSchema });
export type MfaSetupRequest = z.infer<typeof mfaSetupRequestSchema>;
export const mfaSetupResponseSchema = z.object({
  method: mfaMethodFieldSchema,
  message: storableString(),
  /** TOTP only: the base32 secret (for typing in) and the otpauth:// URI the QR code encodes. */
  secret: storableString().optional(),
  otpauthUri: storableString().optional(),
});
export type MfaSetupResponse = z.infer<typeof mfaSetupResponseSchema>;

export const mfaEnableRequestSchema = z.object({ method: mfaMethodFieldSchema, currentPassword: currentPasswordFieldSchema, code: otpFieldSchema });
export type MfaEnableRequest = z.infer<typeof mfaEnableRequestSchema>;

export const mfaChallengeRequestSchema = z.object({ currentPassword: currentPasswordFieldSchema });
export type MfaChallengeRequest = z.infer<typeof mfaChallengeRequestSchema>;

export const mfaDisableRequestSchema = z.object({ currentPassword: currentPasswordFieldSchema, code: otpFieldSchema });
export type MfaDisableRequest = z.infer<typeof mfaDisableRequestSchema>;

export const mfaStateResponseSchema = z.object({ message: storableString(), mfaMethod: z.enum(['email', 'totp']).nullable() });
export type MfaStateResponse = z.infer<typeof mfaStateResponseSchema>;

/** Form schemas: the password step and the code step of the MFA dialog. */
export const mfaPasswordFormSchema = mfaChallengeRequestSchema;
export type MfaPasswordForm = z.infer<typeof mfaPasswordFormSchema>;
export const mfaCodeFormSchema = z.object({ code: otpFieldSchema });
export type MfaCodeForm = z.infer<typeof mfaCodeFormSchema>;

// ---- Sessions ----

export const userSessionSchema = z.object({
  id: storableString(),
  createdAt: storableString(),
  lastSeenAt: storableString(),
  expiresAt: storableString(),
  ip: storableString().nullable(),
  userAgent: storableString().nullable(),
  current: z.boolean(),
});
export type UserSession = z.infer<typeof userSessionSchema>;
export const userSessionsResponseSchema = z.object({ items: z.array(userSessionSchema) });
export type UserSessionsResponse = z.infer<typeof userSessionsResponseSchema>;
export const sessionParamsSchema = z.object({ userId: idField('userId'), sessionId: idField('sessionId') });
export type SessionParams = z.infer<typeof sessionParamsSchema>;
export const revokeSessionsResponseSchema = z.object({ message: storableString(), revoked: z.number().int().nonnegative() });
export type RevokeSessionsResponse = z.infer<typeof revokeSessionsResponseSchema>;

// ---- White-label ----

const PRIVATE_HOST =
  /^(localhost|.*\.localhost|.*\.local|.*\.internal|0\.0\.0\.0|127\.\d+\.\d+\.\d+|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+|172\.(1[6-9]|2\d|3[01])\.\d+\.\d+|169\.254\.\d+\.\d+|\[.*\])$/i;

/** The media path an upload gets (`<base>/media/<sha256>.<ext>`): accepted as a logo URL as it is. */
export const OWN_MEDIA_URL_PATTERN = /^\/(?:[A-Za-z0-9_-]+\/)*media\/[0-9a-f]{64}\.(png|jpg|webp)$/;

/**
 * The logo is either an image uploaded to the portal (its own media path) or an https URL of a
 * raster image on a public server. Anything a browser would run or interpret (javascript:, data:,
 * SVG) is refused with a message that says why.
 */
export function checkLogoUrl(raw: string): string | null {
  const value = raw.trim();
  if (value === '' || OWN_MEDIA_URL_PATTERN.test(value)) return null;
  // Browsers ignore tabs/newlines and leading control characters in schemes: judge the cleaned form.
  const scheme = value.replace(/[\u0000-\u0020]/g, '').toLowerCase();
  if (scheme.startsWith('javascript:') || scheme.startsWith('data:') || scheme.startsWith('vbscript:')) return M.logoUrlScheme;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return M.logoUrlInvalid;
  }
  if (url.protocol !== 'https:') return M.logoUrlHttps;
  if (url.username || url.password) return M.logoUrlCredentials;
  if (PRIVATE_HOST.test(url.hostname) || !url.hostname.includes('.')) return M.logoUrlHost;
  if (/\.svgz?$/i.test(url.pathname) || /(^|[?&])format=svg/i.test(url.search)) return M.imageSvg;
  if (value.length > 2000) return T.max(2000);
  return null;
}

const copyrightField = storableString({ error: 'Copyright text must be a string' })
  .max(COPYRIGHT_MAX_LENGTH, M.copyrightTooLong)
  .refine((value) => !/[\u0000-\u001f\u007f]/.test(value), M.copyrightControl);

const whiteLabelEmailField = storableString({ error: 'White-label e-mail must be a string' })
  .trim()
  .max(254, T.max(254))
  .refine((value) => value === '' || /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/.test(value), T.email);

const logoUrlField = storableString({ error: 'Logo URL must be a string' }).superRefine((value, ctx) => {
  const problem = checkLogoUrl(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const presetColorSchema = z.enum(PRESET_COLORS, { error: M.presetInvalid });

/** PUT api/users/{userId}/whitelabel (also the form). Empty strings clear a field. */
export const whitelabelSettingsRequestSchema = z.object({
  copyrightText: copyrightField,
  whiteLabelEmail: whiteLabelEmailField,
  whitelabelImageUrl: logoUrlField,
  presetColor: presetColorSchema,
});
export type WhitelabelSettingsRequest = z.infer<typeof whitelabelSettingsRequestSchema>;
export const whitelabelFormSchema = whitelabelSettingsRequestSchema;
export type WhitelabelForm = WhitelabelSettingsRequest;

export const whitelabelValuesSchema = z.object({
  copyrightText: storableString().nullable(),
  whitelabelImageUrl: storableString().nullable(),
  whiteLabelEmail: storableString().nullable(),
  presetColor: presetColorSchema.nullable(),
});
export type WhitelabelValues = z.infer<typeof whitelabelValuesSchema>;

/**
 * GET / PUT api/users/{userId}/whitelabel: the branding the caller sees (spec section 3 fields),
 * where it comes from, and for ADMIN / PARTNER / DIRECTPARTNER their own organisation's settings.
 */
export const whitelabelResponseSchema = whitelabelValuesSchema.extend({
  /** Name of the organisation whose settings apply, or null for the product default. */
  sourceOrganisationName: storableString().nullable(),
  inherited: z.boolean(),
  canEdit: z.boolean(),
  own: whitelabelValuesSchema.nullable(),
  /** Editors only (null for others): whether their own address is verified, and the From it gives. */
  sender: whitelabelSenderSchema.nullable(),
});
export type WhitelabelResponse = z.infer<typeof whitelabelResponseSchema>;

// ---- Notification settings ----

export const ALERT_SEVERITIES = ['off', 'critical', 'warning', 'info'] as const;
export const alertSeveritySchema = z.enum(ALERT_SEVERITIES, { error: `alertSeverity must be one of ${ALERT_SEVERITIES.join(', ')}` });
export type AlertSeverity = z.infer<typeof alertSeveritySchema>;

const flag = (name: string) => z.boolean({ error: `${name} must be true or false` });

/** GET / PUT api/users/{userId}/notification-settings. Security notices are not optional and not listed. */
export const notificationSettingsSchema = z.object({
  jobFailures: flag('jobFailures'),
  jobWarnings: flag('jobWarnings'),
  dailySummary: flag('dailySummary'),
  /** Alerts at this severity or above are mailed; 'off' mails none. */
  alertSeverity: alertSeveritySchema,
  productNews: flag('productNews'),
  supportTickets: flag('supportTickets'),
  /** The monthly usage report of each customer organisation at or below the user's own. */
  usageReports: flag('usageReports'),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

export const NOTIFICATION_DEFAULTS: NotificationSettings = Object.freeze({
  jobFailures: true,
  jobWarnings: true,
  dailySummary: false,
  alertSeverity: 'warning',
  productNews: false,
  supportTickets: true,
  usageReports: true,
}) as NotificationSettings;
