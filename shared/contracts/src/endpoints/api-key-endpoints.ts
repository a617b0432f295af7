import {
  apiKeyIdParamsSchema,
  apiKeyListSchema,
  createApiKeyRequestSchema,
  createdApiKeySchema,
  revokedApiKeySchema,
} from '../api-keys';
import { defineEndpoints, sessionAccess } from '../endpoint';

const tag = 'API keys';

/**
 * The caller's organisation's API keys. Every role manages its own organisation's keys; a read-only
 * user sees them and changes nothing. A key never manages keys (nor signs in, nor changes a
 * password, profile or second factor): these routes take a session only.
 */
export const apiKeyEndpoints = defineEndpoints({
  listApiKeys: {
    method: 'GET', path: '/api/api-keys', tag, access: sessionAccess, summary: "The caller's organisation's API keys, newest first",
    response: { status: 200, schema: apiKeyListSchema },
  },
  createApiKey: {
    method: 'POST', path: '/api/api-keys', tag, access: sessionAccess, summary: 'Create an API key; the answer is the only time its secret is shown',
    body: createApiKeyRequestSchema,
    response: { status: 201, schema: createdApiKeySchema },
  },
  revokeApiKey: {
    method: 'DELETE', path: '/api/api-keys/:keyId', tag, access: sessionAccess, summary: 'Revoke an API key (it stops working at once)',
    params: apiKeyIdParamsSchema,
    response: { status: 200, schema: revokedApiKeySchema },
  },
});
