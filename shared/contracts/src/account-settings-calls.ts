import type { ApiResult } from '@portal/request';
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
import { callEndpoint } from './call-endpoint';
import { accountEndpoints as ep } from './endpoints/account-endpoints';
import type { WhitelabelSenderVerifyRequest } from './whitelabel-sender';

// Account settings (spec section 7 "Profile" and "White-label"): URLs, methods and access
// come from ./endpoints/account-endpoints. Each call resolves with the success body or
// `{ errorMessage }` (see @portal/request).

export const getAccountProfile = (userId: string): Promise<ApiResult<AccountProfile>> => callEndpoint(ep.getAccountProfile, { params: { userId } });

export const updateProfile = (userId: string, body: UpdateProfileRequest): Promise<ApiResult<AccountProfile>> =>
  callEndpoint(ep.updateProfile, { params: { userId }, body });

export const uploadProfileImage = (userId: string, body: ImageUploadRequest): Promise<ApiResult<ImageUploadResponse>> =>
  callEndpoint(ep.uploadProfileImage, { params: { userId }, body });

export const commitProfileImage = (userId: string, body: CommitImageRequest): Promise<ApiResult<AccountProfile>> =>
  callEndpoint(ep.commitProfileImage, { params: { userId }, body });

export const startMfaSetup = (userId: string, body: MfaSetupRequest): Promise<ApiResult<MfaSetupResponse>> =>
  callEndpoint(ep.startMfaSetup, { params: { userId }, body });

export const enableMfa = (userId: string, body: MfaEnableRequest): Promise<ApiResult<MfaStateResponse>> =>
  callEndpoint(ep.enableMfa, { params: { userId }, body });

export const requestMfaChallenge = (userId: string, body: MfaChallengeRequest): Promise<ApiResult<MfaSetupResponse>> =>
  callEndpoint(ep.requestMfaChallenge, { params: { userId }, body });

export const disableMfa = (userId: string, body: MfaDisableRequest): Promise<ApiResult<MfaStateResponse>> =>
  callEndpoint(ep.disableMfa, { params: { userId }, body });

export const listSessions = (userId: string): Promise<ApiResult<UserSessionsResponse>> => callEndpoint(ep.listSessions, { params: { userId } });

export const revokeAllSessions = (userId: string): Promise<ApiResult<RevokeSessionsResponse>> => callEndpoint(ep.revokeAllSessions, { params: { userId } });

export const revokeSession = (userId: string, sessionId: string): Promise<ApiResult<RevokeSessionsResponse>> =>
  callEndpoint(ep.revokeSession, { params: { userId, sessionId } });


export const updateWhitelabel = (userId: string, body: WhitelabelSettingsRequest): Promise<ApiResult<WhitelabelResponse>> =>
  callEndpoint(ep.updateWhitelabel, { params: { userId }, body });

/** Mails a code to the saved white-label address (a new one voids the previous). */
export const sendWhitelabelSenderCode = (userId: string): Promise<ApiResult<WhitelabelResponse>> =>
  callEndpoint(ep.sendWhitelabelSenderCode, { params: { userId } });

export const verifyWhitelabelSender = (userId: string, body: WhitelabelSenderVerifyRequest): Promise<ApiResult<WhitelabelResponse>> =>
  callEndpoint(ep.verifyWhitelabelSender, { params: { userId }, body });

export const uploadWhitelabelImage = (userId: string, body: ImageUploadRequest): Promise<ApiResult<ImageUploadResponse>> =>
  callEndpoint(ep.uploadWhitelabelImage, { params: { userId }, body });

export const commitWhitelabelImage = (userId: string, body: CommitImageRequest): Promise<ApiResult<WhitelabelResponse>> =>
  callEndpoint(ep.commitWhitelabelImage, { params: { userId }, body });

export const getNotificationSettings = (userId: string): Promise<ApiResult<NotificationSettings>> =>
  callEndpoint(ep.getNotificationSettings, { params: { userId } });

export const updateNotificationSettings = (userId: string, body: NotificationSettings): Promise<ApiResult<NotificationSettings>> =>
  callEndpoint(ep.updateNotificationSettings, { params: { userId }, body });
