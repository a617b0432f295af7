import type { ApiResult } from '@portal/request';
import type { AlertList, AlertListParams, AlertView } from './admin-ops-alerts';
import { callEndpoint } from './call-endpoint';
import { adminEndpoints as ep } from './endpoints/admin-endpoints';

// Alerts calls: URLs, methods and access come from ./endpoints/admin-endpoints.

export const listAlerts = (params: AlertListParams = {}): Promise<ApiResult<AlertList>> => callEndpoint(ep.listAlerts, { query: params });

export const acknowledgeAlert = (id: string): Promise<ApiResult<AlertView>> => callEndpoint(ep.acknowledgeAlert, { params: { id } });

export const resolveAlert = (id: string): Promise<ApiResult<AlertView>> => callEndpoint(ep.resolveAlert, { params: { id } });
