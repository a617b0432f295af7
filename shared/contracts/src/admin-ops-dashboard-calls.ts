import { request, type ApiResult } from '@portal/request';
import type { DashboardSummary } from './admin-ops-dashboard';

/** The caller's dashboard summary (path relative to the API base). */
export const getDashboardSummary = (): Promise<ApiResult<DashboardSummary>> =>
  request<ApiResult<DashboardSummary>>({ method: 'GET', url: 'api/dashboard' });
