import { request, type ApiResult } from '@portal/request';
import type { EngineWorkerList, OperatorJob, OperatorJobListParams, OperatorJobPage } from './admin-ops-operator-jobs';

// The operator console's job queue and workers (ADMIN); paths relative to the API base.

export const listOperatorJobs = (params: OperatorJobListParams = {}): Promise<ApiResult<OperatorJobPage>> =>
  request<ApiResult<OperatorJobPage>>({ method: 'GET', url: 'api/operator/jobs', params });

export const cancelOperatorJob = (id: string): Promise<ApiResult<OperatorJob>> =>
  request<ApiResult<OperatorJob>>({ method: 'POST', url: `api/operator/jobs/${encodeURIComponent(id)}/cancel` });

export const listEngineWorkers = (): Promise<ApiResult<EngineWorkerList>> => request<ApiResult<EngineWorkerList>>({ method: 'GET', url: 'api/operator/workers' });
