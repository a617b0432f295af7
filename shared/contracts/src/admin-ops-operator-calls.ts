import type { ApiResult } from '@portal/request';
import { callEndpoint } from './call-endpoint';
import { adminEndpoints as ep } from './endpoints/admin-endpoints';
import type { RemoteList, RemoteOperationResponse, RollbackRemoteRequest } from './remotes';

// The operator console's calls on the deploy/rollback API (ADMIN): see ./endpoints/admin-endpoints.

export const listRemoteVersions = (): Promise<ApiResult<RemoteList>> => callEndpoint(ep.listRemoteVersions);

export const rollbackRemoteVersion = (name: string, body: RollbackRemoteRequest = {}): Promise<ApiResult<RemoteOperationResponse>> =>
  callEndpoint(ep.rollbackRemoteVersion, { params: { name }, body });
