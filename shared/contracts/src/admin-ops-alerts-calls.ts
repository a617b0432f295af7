import { request, type ApiResult } from '@portal/request';
import type { AlertList, AlertListParams, AlertView } from './admin-ops-alerts';

// Alerts calls (issue 10); paths relative to the API base.

export const listAlerts = (params: AlertListParams = {}): Promise<ApiResult<AlertList>> =>
  request<ApiResult<AlertList>>({ method: 'GET', url: 'api/alerts', params });

export const acknowledgeAlert = (id: string): Promise<ApiResult<AlertView>> =>
  request<ApiResult<AlertView>>({ method: 'POST', url: `api/alerts/${encodeURIComponent(id)}/acknowledge` });

export const resolveAlert = (id: string): Promise<ApiResult<AlertView>> =>
  request<ApiResult<AlertView>>({ method: 'POST', url: `api/alerts/${encodeURIComponent(id)}/resolve` });
