import type { ApiResult } from '@portal/request';
import type {
  AvailabilityResponse,
  ChangePasswordRequest,
  ForgotRequest,
  Health,
  MessageResponse,
  RegionsResponse,
  RegisterRequest,
  RegisterResponse,
  ResetPasswordRequest,
  ValidateOtpRequest,
  ValidateResetOtpRequest,
} from '@portal/contracts';
import { callEndpoint } from './call-endpoint';
import { accountEndpoints as ep } from './endpoints/account-endpoints';
import { adminEndpoints } from './endpoints/admin-endpoints';

// One typed function per endpoint. The account area's URLs, methods and access come from
// ./endpoints/account-endpoints; the public ones travel without the authorization and userid
// headers. Each resolves with the success body or `{ errorMessage }`; see @portal/request.

export const getHealth = (): Promise<ApiResult<Health>> => callEndpoint(adminEndpoints.getHealth);

// Account area.

export const getRegions = (): Promise<ApiResult<RegionsResponse>> => callEndpoint(ep.getRegions);

export const checkUsernameAvailable = (username: string): Promise<ApiResult<AvailabilityResponse>> =>
  callEndpoint(ep.checkUsernameAvailable, { body: { username } });

export const checkEmailAvailable = (email: string): Promise<ApiResult<AvailabilityResponse>> => callEndpoint(ep.checkEmailAvailable, { body: { email } });

export const register = (body: RegisterRequest): Promise<ApiResult<RegisterResponse>> => callEndpoint(ep.register, { body });

/** Accepted with the MFA-pending token from sign-in; on success that token becomes a full session. */
export const validateOtp = (body: ValidateOtpRequest): Promise<ApiResult<MessageResponse>> => callEndpoint(ep.validateOtp, { body });

export const resendMfaCode = (userId: string): Promise<ApiResult<MessageResponse>> => callEndpoint(ep.resendMfaCode, { body: { userId } });

export const forgot = (body: ForgotRequest): Promise<ApiResult<MessageResponse>> => callEndpoint(ep.forgot, { body });

export const validateResetOtp = (body: ValidateResetOtpRequest): Promise<ApiResult<MessageResponse>> => callEndpoint(ep.validateResetOtp, { body });

export const resetPassword = (body: ResetPasswordRequest): Promise<ApiResult<MessageResponse>> => callEndpoint(ep.resetPassword, { body });

export const changePassword = (body: ChangePasswordRequest): Promise<ApiResult<MessageResponse>> => callEndpoint(ep.changePassword, { body });
export * from './first-page-calls';
export * from './support-calls';
export * from './account-settings-calls';
export * from './api-key-calls';
export * from './webhook-calls';
export * from './usage-calls';
export * from './backup-calls';
export * from './admin-calls';
export * from './admin-ops-alerts-calls';
export * from './admin-ops-operator-calls';
export * from './admin-ops-operator-jobs-calls';
export * from './admin-ops-metrics-calls';
export * from './outbox-calls';
