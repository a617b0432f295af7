import { request, type ApiResult } from '@portal/request';
import type { Health, PlatformVersion, Profile, SigninRequest, SigninResponse, SignoutResponse } from '@portal/contracts';

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
