import { request, type ApiResult } from '@portal/request';
import type { MaintenanceStatus, MaintenanceUpdate, MetricsConfig, MetricsHistory, MetricsRange } from './admin-ops-metrics';

// /grafana and maintenance-mode calls (issue 10); paths relative to the API base.

export const getMetricsConfig = (): Promise<ApiResult<MetricsConfig>> => request<ApiResult<MetricsConfig>>({ method: 'GET', url: 'api/metrics/config' });

export const getMetricsHistory = (range: MetricsRange): Promise<ApiResult<MetricsHistory>> =>
  request<ApiResult<MetricsHistory>>({ method: 'GET', url: 'api/metrics/history', params: { range } });

/** No sign-in needed (the login page shows it too); the API ignores any identity headers. */
export const getPublicMaintenance = (): Promise<ApiResult<MaintenanceStatus>> =>
  request<ApiResult<MaintenanceStatus>>({ method: 'GET', url: 'api/platform/maintenance' });

export const getMaintenance = (): Promise<ApiResult<MaintenanceStatus>> => request<ApiResult<MaintenanceStatus>>({ method: 'GET', url: 'api/operator/maintenance' });

export const setMaintenance = (body: MaintenanceUpdate): Promise<ApiResult<MaintenanceStatus>> =>
  request<ApiResult<MaintenanceStatus>>({ method: 'PUT', url: 'api/operator/maintenance', data: body });
