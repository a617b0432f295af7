import type { ApiResult } from '@portal/request';
import type { MaintenanceStatus } from './admin-ops-metrics';
import type { WhitelabelResponse } from './account-settings';
import { callRoute } from './call-endpoint';
import type { accountEndpoints } from './endpoints/account-endpoints';
import { firstPageRoutes as route } from './endpoints/first-page-routes';
import type { publicMaintenanceEndpoints } from './endpoints/public-maintenance-endpoints';
import type { PlatformVersion, Profile, SigninRequest, SigninResponse } from './index';

// The calls the host's first page makes, typed by their descriptors (type imports only) and sent to
// their routes: this module loads no zod, so neither does the sign-in page. calls.ts re-exports them.
type Account = typeof accountEndpoints;

export const signin = (body: SigninRequest): Promise<ApiResult<SigninResponse>> => callRoute<Account['signin']>(route.signin, { body });

export const getPlatformVersion = (): Promise<ApiResult<PlatformVersion>> => callRoute<Account['getPlatformVersion']>(route.getPlatformVersion);

/** The same route as getAccountProfile; the userid header names the caller even before a session user is stored. */
export const getProfile = (userId: string): Promise<ApiResult<Profile>> =>
  callRoute<Account['getAccountProfile']>(route.getAccountProfile, { params: { userId }, headers: { userid: userId } });

export const getWhitelabel = (userId: string): Promise<ApiResult<WhitelabelResponse>> =>
  callRoute<Account['getWhitelabel']>(route.getWhitelabel, { params: { userId } });

/** No sign-in needed (the login page shows it too): a public endpoint, called without identity headers. */
export const getPublicMaintenance = (): Promise<ApiResult<MaintenanceStatus>> =>
  callRoute<(typeof publicMaintenanceEndpoints)['getPublicMaintenance']>(route.getPublicMaintenance);
