import type { ApiResult } from '@portal/request';
import type { MaintenanceStatus, MaintenanceUpdate, MetricsConfig, MetricsHistory, MetricsRange } from './admin-ops-metrics';
import { callEndpoint } from './call-endpoint';
import { adminEndpoints as ep } from './endpoints/admin-endpoints';

// /grafana and maintenance-mode calls: URLs, methods and access come from ./endpoints/admin-endpoints.

export const getMetricsConfig = (): Promise<ApiResult<MetricsConfig>> => callEndpoint(ep.getMetricsConfig);

export const getMetricsHistory = (range: MetricsRange): Promise<ApiResult<MetricsHistory>> => callEndpoint(ep.getMetricsHistory, { query: { range } });

export const getMaintenance = (): Promise<ApiResult<MaintenanceStatus>> => callEndpoint(ep.getMaintenance);

export const setMaintenance = (body: MaintenanceUpdate): Promise<ApiResult<MaintenanceStatus>> => callEndpoint(ep.setMaintenance, { body });
