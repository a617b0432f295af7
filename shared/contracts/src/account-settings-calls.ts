import { request, type ApiResult } from '@portal/request';
import type {
  AccountProfile,
  CommitImageRequest,
  ImageUploadRequest,
  ImageUploadResponse,
  MfaChallengeRequest,
  MfaDisableRequest,
  MfaEnableRequest,
  MfaSetupRequest,
  MfaSetupResponse,
  MfaStateResponse,
  NotificationSettings,
  RevokeSessionsResponse,
  UpdateProfileRequest,
  UserSessionsResponse,
  WhitelabelResponse,
  WhitelabelSettingsRequest,
} from './account-settings';
import type { WhitelabelSenderVerifyRequest } from './whitelabel-sender';

// Account settings (issue 5; spec section 7 "Profile" and "White-label"). Paths relative to the API
// base; each call resolves with the success body or `{ errorMessage }` (see @portal/request).

const seg = (value: string): string => encodeURIComponent(value);
const users = (userId: string) => `api/users/${seg(userId)}`;

export const getAccountProfile = (userId: string): Promise<ApiResult<AccountProfile>> =>
  request<ApiResult<AccountProfile>>({ method: 'GET', url: `${users(userId)}/profile` });

export const updateProfile = (userId: string, body: UpdateProfileRequest): Promise<ApiResult<AccountProfile>> =>
  request<ApiResult<AccountProfile>>({ method: 'PUT', url: `${users(userId)}/profile`, data: body });

export const uploadProfileImage = (userId: string, body: ImageUploadRequest): Promise<ApiResult<ImageUploadResponse>> =>
  request<ApiResult<ImageUploadResponse>>({ method: 'PUT', url: `${users(userId)}/profile/image`, data: body });

export const commitProfileImage = (userId: string, body: CommitImageRequest): Promise<ApiResult<AccountProfile>> =>
  request<ApiResult<AccountProfile>>({ method: 'POST', url: `${users(userId)}/commit/profile/image`, data: body });

export const startMfaSetup = (userId: string, body: MfaSetupRequest): Promise<ApiResult<MfaSetupResponse>> =>
  request<ApiResult<MfaSetupResponse>>({ method: 'POST', url: `${users(userId)}/mfa/setup`, data: body });

export const enableMfa = (userId: string, body: MfaEnableRequest): Promise<ApiResult<MfaStateResponse>> =>
  request<ApiResult<MfaStateResponse>>({ method: 'POST', url: `${users(userId)}/mfa/enable`, data: body });

export const requestMfaChallenge = (userId: string, body: MfaChallengeRequest): Promise<ApiResult<MfaSetupResponse>> =>
  request<ApiResult<MfaSetupResponse>>({ method: 'POST', url: `${users(userId)}/mfa/challenge`, data: body });

export const disableMfa = (userId: string, body: MfaDisableRequest): Promise<ApiResult<MfaStateResponse>> =>
  request<ApiResult<MfaStateResponse>>({ method: 'POST', url: `${users(userId)}/mfa/disable`, data: body });

export const listSessions = (userId: string): Promise<ApiResult<UserSessionsResponse>> =>
  request<ApiResult<UserSessionsResponse>>({ method: 'GET', url: `${users(userId)}/sessions` });

export const revokeAllSessions = (userId: string): Promise<ApiResult<RevokeSessionsResponse>> =>
  request<ApiResult<RevokeSessionsResponse>>({ method: 'POST', url: `${users(userId)}/sessions/revoke` });

export const revokeSession = (userId: string, sessionId: string): Promise<ApiResult<RevokeSessionsResponse>> =>
  request<ApiResult<RevokeSessionsResponse>>({ method: 'DELETE', url: `${users(userId)}/sessions/${seg(sessionId)}` });

export const getWhitelabel = (userId: string): Promise<ApiResult<WhitelabelResponse>> =>
  request<ApiResult<WhitelabelResponse>>({ method: 'GET', url: `${users(userId)}/whitelabel` });

export const updateWhitelabel = (userId: string, body: WhitelabelSettingsRequest): Promise<ApiResult<WhitelabelResponse>> =>
  request<ApiResult<WhitelabelResponse>>({ method: 'PUT', url: `${users(userId)}/whitelabel`, data: body });

/** Mails a code to the saved white-label address (a new one voids the previous). */
export const sendWhitelabelSenderCode = (userId: string): Promise<ApiResult<WhitelabelResponse>> =>
  request<ApiResult<WhitelabelResponse>>({ method: 'POST', url: `${users(userId)}/whitelabel/sender/code` });

export const verifyWhitelabelSender = (userId: string, body: WhitelabelSenderVerifyRequest): Promise<ApiResult<WhitelabelResponse>> =>
  request<ApiResult<WhitelabelResponse>>({ method: 'POST', url: `${users(userId)}/whitelabel/sender/verify`, data: body });

export const uploadWhitelabelImage = (userId: string, body: ImageUploadRequest): Promise<ApiResult<ImageUploadResponse>> =>
  request<ApiResult<ImageUploadResponse>>({ method: 'PUT', url: `${users(userId)}/whitelabel/image`, data: body });

export const commitWhitelabelImage = (userId: string, body: CommitImageRequest): Promise<ApiResult<WhitelabelResponse>> =>
  request<ApiResult<WhitelabelResponse>>({ method: 'POST', url: `${users(userId)}/commit/whitelabel/image`, data: body });

export const getNotificationSettings = (userId: string): Promise<ApiResult<NotificationSettings>> =>
  request<ApiResult<NotificationSettings>>({ method: 'GET', url: `${users(userId)}/notification-settings` });

export const updateNotificationSettings = (userId: string, body: NotificationSettings): Promise<ApiResult<NotificationSettings>> =>
  request<ApiResult<NotificationSettings>>({ method: 'PUT', url: `${users(userId)}/notification-settings`, data: body });
