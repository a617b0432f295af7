import type { ApiResult } from '@portal/request';
import type { DashboardSummary } from './admin-ops-dashboard';
import { callEndpoint } from './call-endpoint';
import { adminEndpoints as ep } from './endpoints/admin-endpoints';

/** The caller's dashboard summary (see ./endpoints/admin-endpoints). */
export const getDashboardSummary = (): Promise<ApiResult<DashboardSummary>> => callEndpoint(ep.getDashboardSummary);
