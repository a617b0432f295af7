import type { ApiResult } from '@portal/request';
import type { ApiKeyList, CreateApiKeyRequest, CreatedApiKey, RevokedApiKey } from './api-keys';
import { callEndpoint } from './call-endpoint';
import { apiKeyEndpoints as ep } from './endpoints/api-key-endpoints';

// The caller's organisation's API keys (issue 22). Each call resolves with the success body or
// `{ errorMessage }` (see @portal/request).

export const listApiKeys = (): Promise<ApiResult<ApiKeyList>> => callEndpoint(ep.listApiKeys, {});

export const createApiKey = (body: CreateApiKeyRequest): Promise<ApiResult<CreatedApiKey>> => callEndpoint(ep.createApiKey, { body });

export const revokeApiKey = (keyId: string): Promise<ApiResult<RevokedApiKey>> => callEndpoint(ep.revokeApiKey, { params: { keyId } });
