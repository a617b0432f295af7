import { request, type ApiResult } from '@portal/request';
import type { RemoteList, RemoteOperationResponse, RollbackRemoteRequest } from './remotes';

// The operator console's calls on the deploy/rollback API (ADMIN); paths relative to the API base.

export const listRemoteVersions = (): Promise<ApiResult<RemoteList>> => request<ApiResult<RemoteList>>({ method: 'GET', url: 'api/remotes' });

export const rollbackRemoteVersion = (name: string, body: RollbackRemoteRequest = {}): Promise<ApiResult<RemoteOperationResponse>> =>
  request<ApiResult<RemoteOperationResponse>>({ method: 'POST', url: `api/remotes/${encodeURIComponent(name)}/rollback`, data: body });
