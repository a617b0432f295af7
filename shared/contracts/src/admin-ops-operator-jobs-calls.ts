import type { ApiResult } from '@portal/request';
import type { EngineWorkerList, OperatorJob, OperatorJobListParams, OperatorJobPage } from './admin-ops-operator-jobs';
import { callEndpoint } from './call-endpoint';
import { adminEndpoints as ep } from './endpoints/admin-endpoints';

// The operator console's job queue and workers (ADMIN): see ./endpoints/admin-endpoints.

export const listOperatorJobs = (params: OperatorJobListParams = {}): Promise<ApiResult<OperatorJobPage>> => callEndpoint(ep.listOperatorJobs, { query: params });

export const cancelOperatorJob = (id: string): Promise<ApiResult<OperatorJob>> => callEndpoint(ep.cancelOperatorJob, { params: { id } });

export const listEngineWorkers = (): Promise<ApiResult<EngineWorkerList>> => callEndpoint(ep.listEngineWorkers);
