import { request, type ApiResult } from '@portal/request';
import type {
  AvailabilityResponse,
  ChangePasswordRequest,
  ForgotRequest,
  Health,
  MessageResponse,
  PlatformVersion,
  Profile,
  RegionsResponse,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordRequest,
  SigninRequest,
  SigninResponse,
  SignoutResponse,
  ValidateOtpRequest,
  ValidateResetOtpRequest,
} from '@portal/contracts';

// One typed function per endpoint (paths relative to the API base, spec section 7).
// Each resolves with the success body or `{ errorMessage }`; see @portal/request.

const seg = (value: string): string => encodeURIComponent(value);

export const signin = (body: SigninRequest): Promise<ApiResult<SigninResponse>> =>
  request<ApiResult<SigninResponse>>({ method: 'POST', url: 'api/signin', data: body });

export const signout = (userId: string): Promise<ApiResult<SignoutResponse>> =>
  request<ApiResult<SignoutResponse>>({ method: 'POST', url: `api/users/${seg(userId)}/signout` });

export const getPlatformVersion = (): Promise<ApiResult<PlatformVersion>> =>
  request<ApiResult<PlatformVersion>>({ method: 'GET', url: 'platform/version' });

export const getProfile = (userId: string): Promise<ApiResult<Profile>> =>
  request<ApiResult<Profile>>({ method: 'GET', url: `api/users/${seg(userId)}/profile`, data: { userId } });

export const getHealth = (): Promise<ApiResult<Health>> => request<ApiResult<Health>>({ method: 'GET', url: 'api/health' });

// Account area (issue 3). The public ones (regions, available, register, forgot, reset/otp,
// reset/password) travel without the authorization and userid headers: see PUBLIC_URL_MARKERS.

export const getRegions = (): Promise<ApiResult<RegionsResponse>> => request<ApiResult<RegionsResponse>>({ method: 'GET', url: 'api/regions' });

export const checkUsernameAvailable = (username: string): Promise<ApiResult<AvailabilityResponse>> =>
  request<ApiResult<AvailabilityResponse>>({ method: 'POST', url: 'api/available/username', data: { username } });

export const checkEmailAvailable = (email: string): Promise<ApiResult<AvailabilityResponse>> =>
  request<ApiResult<AvailabilityResponse>>({ method: 'POST', url: 'api/available/email', data: { email } });

export const register = (body: RegisterRequest): Promise<ApiResult<RegisterResponse>> =>
  request<ApiResult<RegisterResponse>>({ method: 'POST', url: 'api/register', data: body });

/** Accepted with the MFA-pending token from sign-in; on success that token becomes a full session. */
export const validateOtp = (body: ValidateOtpRequest): Promise<ApiResult<MessageResponse>> =>
  request<ApiResult<MessageResponse>>({ method: 'POST', url: 'api/validate/otp', data: body });

export const resendMfaCode = (userId: string): Promise<ApiResult<MessageResponse>> =>
  request<ApiResult<MessageResponse>>({ method: 'POST', url: 'api/mfa/resend', data: { userId } });

export const forgot = (body: ForgotRequest): Promise<ApiResult<MessageResponse>> =>
  request<ApiResult<MessageResponse>>({ method: 'POST', url: 'api/forgot', data: body });

export const validateResetOtp = (body: ValidateResetOtpRequest): Promise<ApiResult<MessageResponse>> =>
  request<ApiResult<MessageResponse>>({ method: 'POST', url: 'api/validate/reset/otp', data: body });

export const resetPassword = (body: ResetPasswordRequest): Promise<ApiResult<MessageResponse>> =>
  request<ApiResult<MessageResponse>>({ method: 'POST', url: 'api/reset/password', data: body });

export const changePassword = (body: ChangePasswordRequest): Promise<ApiResult<MessageResponse>> =>
  request<ApiResult<MessageResponse>>({ method: 'POST', url: 'api/change/password', data: body });
export * from './support-calls';
export * from './account-settings-calls';
export * from './backup-calls';
export * from './admin-calls';
export * from './admin-ops-dashboard-calls';
export * from './admin-ops-alerts-calls';
export * from './admin-ops-operator-calls';
export * from './admin-ops-operator-jobs-calls';
export * from './admin-ops-metrics-calls';
export * from './outbox-calls';
