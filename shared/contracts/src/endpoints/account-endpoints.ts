import { adminAccess as admin, defineEndpoints, publicAccess as open, sessionAccess as session } from '../endpoint';
// Defined in the package's main module itself (it imports no endpoint module, so no cycle).
import { platformVersionSchema, signinRequestSchema, signinResponseSchema, signoutResponseSchema, userIdParamsSchema } from '../index';
import {
  availabilityResponseSchema,
  availableEmailRequestSchema,
  availableUsernameRequestSchema,
  changePasswordRequestSchema,
  forgotRequestSchema,
  messageResponseSchema,
  mfaResendRequestSchema,
  outboxResponseSchema,
  regionsResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordRequestSchema,
  validateOtpRequestSchema,
  validateResetOtpRequestSchema,
} from '../account';
import {
  accountProfileSchema,
  commitImageRequestSchema,
  imageUploadRequestSchema,
  imageUploadResponseSchema,
  mediaFileParamsSchema,
  mfaChallengeRequestSchema,
  mfaDisableRequestSchema,
  mfaEnableRequestSchema,
  mfaSetupRequestSchema,
  mfaSetupResponseSchema,
  mfaStateResponseSchema,
  notificationSettingsSchema,
  revokeSessionsResponseSchema,
  sessionParamsSchema,
  updateProfileRequestSchema,
  userSessionsResponseSchema,
  whitelabelResponseSchema,
  whitelabelSettingsRequestSchema,
  WHITELABEL_EDITOR_ROLES,
} from '../account-settings';
import { whitelabelSenderVerifyRequestSchema } from '../whitelabel-sender';
import { firstPageRoutes, selfAccess as self } from './first-page-routes';

/** The sign-in's MFA-pending token is accepted too (it becomes a full session on a right code). */
const mfaPending = { kind: 'session', mfaPending: true, self: 'body' } as const;
/** Who may change an organisation's branding. */
const brandingEditors = { kind: 'session', roles: WHITELABEL_EDITOR_ROLES, self: 'params' } as const;

/**
 * Sign-in, registration, passwords, MFA, profile, white-label, notification settings, sessions, media
 * (spec section 7). A user id in a path or body that is not the caller's answers 404.
 */
export const accountEndpoints = defineEndpoints({
  // ---- Authentication ----
  signin: {
    ...firstPageRoutes.signin, tag: 'Authentication',
    summary: 'Sign in with username and password; an MFA user gets a token that waits for the second factor',
    body: signinRequestSchema, openInMaintenance: true, response: { status: 200, schema: signinResponseSchema },
  },
  signout: {
    ...firstPageRoutes.signout, tag: 'Authentication', summary: "End the caller's current session",
    params: userIdParamsSchema, openInMaintenance: true, response: { status: 200, schema: signoutResponseSchema },
  },
  validateOtp: {
    method: 'POST', path: '/api/validate/otp', tag: 'Authentication', access: mfaPending,
    summary: "Check the sign-in's second-factor code; on success the pending session becomes a full one",
    body: validateOtpRequestSchema, openInMaintenance: true, response: { status: 200, schema: messageResponseSchema },
  },
  resendMfaCode: {
    method: 'POST', path: '/api/mfa/resend', tag: 'Authentication', access: mfaPending, summary: 'Mail a new sign-in code (e-mail MFA only)',
    body: mfaResendRequestSchema, openInMaintenance: true, response: { status: 200, schema: messageResponseSchema },
  },

  // ---- Registration ----
  getRegions: {
    method: 'GET', path: '/api/regions', tag: 'Registration', access: open, summary: 'The data-residency regions a new account may choose',
    response: { status: 200, schema: regionsResponseSchema },
  },
  checkUsernameAvailable: {
    method: 'POST', path: '/api/available/username', tag: 'Registration', access: open, summary: 'Whether a username is still free',
    body: availableUsernameRequestSchema, openInMaintenance: true, response: { status: 200, schema: availabilityResponseSchema },
  },
  checkEmailAvailable: {
    method: 'POST', path: '/api/available/email', tag: 'Registration', access: open, summary: 'Whether an e-mail address is still free',
    body: availableEmailRequestSchema, openInMaintenance: true, response: { status: 200, schema: availabilityResponseSchema },
  },
  register: {
    method: 'POST', path: '/api/register', tag: 'Registration', access: open, summary: 'Create a direct-customer account',
    body: registerRequestSchema, response: { status: 201, schema: registerResponseSchema },
  },

  // ---- Passwords ----
  forgot: {
    method: 'POST', path: '/api/forgot', tag: 'Passwords', access: open,
    summary: 'Mail a password-reset code if the address has an account (the answer is the same either way)',
    body: forgotRequestSchema, openInMaintenance: true, response: { status: 200, schema: messageResponseSchema },
  },
  validateResetOtp: {
    method: 'POST', path: '/api/validate/reset/otp', tag: 'Passwords', access: open, summary: 'Check a password-reset code without using it up',
    body: validateResetOtpRequestSchema, openInMaintenance: true, response: { status: 200, schema: messageResponseSchema },
  },
  resetPassword: {
    method: 'POST', path: '/api/reset/password', tag: 'Passwords', access: open,
    summary: 'Set a new password with a reset code; ends every session of the user',
    body: resetPasswordRequestSchema, openInMaintenance: true, response: { status: 200, schema: messageResponseSchema },
  },
  changePassword: {
    method: 'POST', path: '/api/change/password', tag: 'Passwords', access: { kind: 'session', self: 'body' },
    summary: "Change the caller's password (current one required); ends every session of the user",
    body: changePasswordRequestSchema, openToReadOnly: true, response: { status: 200, schema: messageResponseSchema },
  },

  // ---- Profile ----
  getAccountProfile: {
    ...firstPageRoutes.getAccountProfile, tag: 'Profile', summary: "The caller's own profile",
    params: userIdParamsSchema, response: { status: 200, schema: accountProfileSchema },
  },
  updateProfile: {
    method: 'PUT', path: '/api/users/:userId/profile', tag: 'Profile', access: self,
    summary: "Change the caller's profile (a new e-mail needs the current password)",
    params: userIdParamsSchema, body: updateProfileRequestSchema, openToReadOnly: true, response: { status: 200, schema: accountProfileSchema },
  },
  uploadProfileImage: {
    method: 'PUT', path: '/api/users/:userId/profile/image', tag: 'Profile', access: self,
    summary: 'Upload a profile picture (checked and re-encoded); commit it to use it',
    params: userIdParamsSchema, body: imageUploadRequestSchema, openToReadOnly: true, response: { status: 200, schema: imageUploadResponseSchema },
  },
  commitProfileImage: {
    method: 'POST', path: '/api/users/:userId/commit/profile/image', tag: 'Profile', access: self,
    summary: "Make an uploaded image the caller's profile picture",
    params: userIdParamsSchema, body: commitImageRequestSchema, openToReadOnly: true, response: { status: 200, schema: accountProfileSchema },
  },
  startMfaSetup: {
    method: 'POST', path: '/api/users/:userId/mfa/setup', tag: 'Profile', access: self,
    summary: 'Start turning MFA on: mail a code, or return a new authenticator secret',
    params: userIdParamsSchema, body: mfaSetupRequestSchema, openInMaintenance: true, response: { status: 200, schema: mfaSetupResponseSchema },
  },
  enableMfa: {
    method: 'POST', path: '/api/users/:userId/mfa/enable', tag: 'Profile', access: self,
    summary: 'Turn MFA on with a code from the chosen method',
    params: userIdParamsSchema, body: mfaEnableRequestSchema, openInMaintenance: true, response: { status: 200, schema: mfaStateResponseSchema },
  },
  requestMfaChallenge: {
    method: 'POST', path: '/api/users/:userId/mfa/challenge', tag: 'Profile', access: self,
    summary: 'Ask for the code that turns MFA off (mailed for e-mail MFA; the app for an authenticator)',
    params: userIdParamsSchema, body: mfaChallengeRequestSchema, openInMaintenance: true, response: { status: 200, schema: mfaSetupResponseSchema },
  },
  disableMfa: {
    method: 'POST', path: '/api/users/:userId/mfa/disable', tag: 'Profile', access: self,
    summary: 'Turn MFA off with the current password and a code (not where MFA is required)',
    params: userIdParamsSchema, body: mfaDisableRequestSchema, openInMaintenance: true, response: { status: 200, schema: mfaStateResponseSchema },
  },
  listSessions: {
    method: 'GET', path: '/api/users/:userId/sessions', tag: 'Profile', access: self, summary: "The caller's live sessions",
    params: userIdParamsSchema, response: { status: 200, schema: userSessionsResponseSchema },
  },
  revokeAllSessions: {
    method: 'POST', path: '/api/users/:userId/sessions/revoke', tag: 'Profile', access: self,
    summary: "Sign the caller out everywhere, this session included",
    params: userIdParamsSchema, openToReadOnly: true, response: { status: 200, schema: revokeSessionsResponseSchema },
  },
  revokeSession: {
    method: 'DELETE', path: '/api/users/:userId/sessions/:sessionId', tag: 'Profile', access: self, summary: "End one of the caller's sessions",
    params: sessionParamsSchema, openToReadOnly: true, response: { status: 200, schema: revokeSessionsResponseSchema },
  },

  // ---- White-label ----
  getWhitelabel: {
    ...firstPageRoutes.getWhitelabel, tag: 'White-label',
    summary: "The branding that applies to the caller, and their organisation's own",
    params: userIdParamsSchema, response: { status: 200, schema: whitelabelResponseSchema },
  },
  updateWhitelabel: {
    method: 'PUT', path: '/api/users/:userId/whitelabel', tag: 'White-label', access: brandingEditors,
    summary: "Change the caller's organisation's branding",
    params: userIdParamsSchema, body: whitelabelSettingsRequestSchema, response: { status: 200, schema: whitelabelResponseSchema },
  },
  uploadWhitelabelImage: {
    method: 'PUT', path: '/api/users/:userId/whitelabel/image', tag: 'White-label', access: brandingEditors,
    summary: 'Upload a logo (checked and re-encoded); commit it to use it',
    params: userIdParamsSchema, body: imageUploadRequestSchema, response: { status: 200, schema: imageUploadResponseSchema },
  },
  commitWhitelabelImage: {
    method: 'POST', path: '/api/users/:userId/commit/whitelabel/image', tag: 'White-label', access: brandingEditors,
    summary: "Make an uploaded image the organisation's logo",
    params: userIdParamsSchema, body: commitImageRequestSchema, response: { status: 200, schema: whitelabelResponseSchema },
  },
  sendWhitelabelSenderCode: {
    method: 'POST', path: '/api/users/:userId/whitelabel/sender/code', tag: 'White-label', access: brandingEditors,
    summary: 'Mail a code to the saved white-label address (a new one voids the previous)',
    params: userIdParamsSchema, response: { status: 200, schema: whitelabelResponseSchema },
  },
  verifyWhitelabelSender: {
    method: 'POST', path: '/api/users/:userId/whitelabel/sender/verify', tag: 'White-label', access: brandingEditors,
    summary: 'Verify the white-label address with the code mailed to it',
    params: userIdParamsSchema, body: whitelabelSenderVerifyRequestSchema, response: { status: 200, schema: whitelabelResponseSchema },
  },

  // ---- Notification settings ----
  getNotificationSettings: {
    method: 'GET', path: '/api/users/:userId/notification-settings', tag: 'Notification settings', access: self,
    summary: "The caller's e-mail preferences (defaults until saved)",
    params: userIdParamsSchema, response: { status: 200, schema: notificationSettingsSchema },
  },
  updateNotificationSettings: {
    method: 'PUT', path: '/api/users/:userId/notification-settings', tag: 'Notification settings', access: self,
    summary: "Save the caller's e-mail preferences",
    params: userIdParamsSchema, body: notificationSettingsSchema, openToReadOnly: true, response: { status: 200, schema: notificationSettingsSchema },
  },

  // ---- Media, platform, demo ----
  getMediaFile: {
    method: 'GET', path: '/media/:file', tag: 'Media', access: open,
    summary: 'An uploaded image (profile picture or logo), by the SHA-256 of its bytes',
    params: mediaFileParamsSchema,
    response: { status: 200, schema: { contentType: 'image/*', description: 'The PNG, JPEG or WebP bytes, served with their own type' } },
  },
  getPlatformVersion: {
    ...firstPageRoutes.getPlatformVersion, tag: 'Platform', summary: "The portal's version",
    response: { status: 200, schema: platformVersionSchema },
  },
  getDemoOutbox: {
    method: 'GET', path: '/dev/outbox', tag: 'Demo', access: admin,
    summary: 'The newest 50 messages kept instead of sent (demo mode without SMTP only)',
    response: { status: 200, schema: outboxResponseSchema },
  },
});
