import type { ApiResult } from '@portal/request';
import type { MaintenanceStatus } from './admin-ops-metrics';
import type { WhitelabelResponse } from './account-settings';
import { callRoute } from './call-endpoint';
import type { accountEndpoints } from './endpoints/account-endpoints';
import type { adminEndpoints } from './endpoints/admin-endpoints';
import { firstPageRoutes as route } from './endpoints/first-page-routes';
import type { publicMaintenanceEndpoints } from './endpoints/public-maintenance-endpoints';
import type { DashboardSummary } from './admin-ops-dashboard';
import type { PlatformVersion, Profile, SigninRequest, SigninResponse, SignoutResponse } from './index';

// The calls the host's first pages (sign-in, dashboard) make, typed by their descriptors (type imports only) and sent to
// their routes: this module loads no zod, so neither does the sign-in page. calls.ts re-exports them.
type Account = typeof accountEndpoints;

export const signin = (body: SigninRequest): Promise<ApiResult<SigninResponse>> => callRoute<Account['signin']>(route.signin, { body });

export const signout = (userId: string): Promise<ApiResult<SignoutResponse>> => callRoute<Account['signout']>(route.signout, { params: { userId } });

/** The dashboard's one call: a summary scoped by the API to the caller's subtree. */
export const getDashboardSummary = (): Promise<ApiResult<DashboardSummary>> =>
  callRoute<(typeof adminEndpoints)['getDashboardSummary']>(route.getDashboardSummary);

export const getPlatformVersion = (): Promise<ApiResult<PlatformVersion>> => callRoute<Account['getPlatformVersion']>(route.getPlatformVersion);

/** The same route as getAccountProfile; the userid header names the caller even before a session user is stored. */
export const getProfile = (userId: string): Promise<ApiResult<Profile>> =>
  callRoute<Account['getAccountProfile']>(route.getAccountProfile, { params: { userId }, headers: { userid: userId } });

export const getWhitelabel = (userId: string): Promise<ApiResult<WhitelabelResponse>> =>
  callRoute<Account['getWhitelabel']>(route.getWhitelabel, { params: { userId } });

/** No sign-in needed (the login page shows it too): a public endpoint, called without identity headers. */
export const getPublicMaintenance = (): Promise<ApiResult<MaintenanceStatus>> =>
  callRoute<(typeof publicMaintenanceEndpoints)['getPublicMaintenance']>(route.getPublicMaintenance);
