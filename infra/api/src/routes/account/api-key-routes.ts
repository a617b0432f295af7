import { API_KEY_MESSAGES } from '@portal/contracts';
import { apiKeyEndpoints as ep } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import { listApiKeys } from '../../repositories/api-keys-repository';
import { createOrganisationApiKey, revokeOrganisationApiKey, toApiKey } from '../../services/api-key-service';
import { auditRequest } from '../audit-request';

/** The caller's organisation's API keys: list, create (the secret is in that answer only), revoke. */
export async function apiKeyRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;

  registerEndpoint(app, ep.listApiKeys, async ({ auth }) => ({ items: (await listApiKeys(deps.db, auth.organisationId)).map(toApiKey) }));

  registerEndpoint(app, ep.createApiKey, async ({ auth, request, body }) => {
    const { key, secret } = await createOrganisationApiKey(deps, auth, body);
    await auditRequest(deps.db, request, { action: 'api_key.created', target: key.publicId, detail: { name: key.name, access: key.access, expiresAt: key.expiresAt } });
    return { message: API_KEY_MESSAGES.created, key, secret };
  });

  registerEndpoint(app, ep.revokeApiKey, async ({ auth, request, params }) => {
    const key = await revokeOrganisationApiKey(deps.db, auth, params.keyId);
    await auditRequest(deps.db, request, { action: 'api_key.revoked', target: key.publicId, detail: { name: key.name } });
    return { message: API_KEY_MESSAGES.revoked, key };
  });
}
