import type { ApiResult } from '@portal/request';
import { callEndpoint } from './call-endpoint';
import { adminEndpoints as ep } from './endpoints/admin-endpoints';
import type { CanaryInfo, CanaryList, RemoteList, RemoteOperationResponse, RollbackRemoteRequest, StartCanaryRequest } from './remotes';

// The operator console's calls on the deploy/rollback API (ADMIN): see ./endpoints/admin-endpoints.

export const listRemoteVersions = (): Promise<ApiResult<RemoteList>> => callEndpoint(ep.listRemoteVersions);

export const rollbackRemoteVersion = (name: string, body: RollbackRemoteRequest = {}): Promise<ApiResult<RemoteOperationResponse>> =>
  callEndpoint(ep.rollbackRemoteVersion, { params: { name }, body });

export const listRemoteCanaries = (): Promise<ApiResult<CanaryList>> => callEndpoint(ep.listRemoteCanaries);

export const promoteRemoteCanary = (name: string): Promise<ApiResult<{ canary: CanaryInfo }>> => callEndpoint(ep.promoteRemoteCanary, { params: { name } });

export const rollbackRemoteCanary = (name: string, reason?: string): Promise<ApiResult<{ canary: CanaryInfo }>> =>
  callEndpoint(ep.rollbackRemoteCanary, { params: { name }, body: reason ? { reason } : {} });

export const startRemoteCanary = (name: string, body: StartCanaryRequest): Promise<ApiResult<{ canary: CanaryInfo }>> =>
  callEndpoint(ep.startRemoteCanary, { params: { name }, body });
