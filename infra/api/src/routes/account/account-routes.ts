import { accountEndpoints as ep } from '@portal/contracts/endpoints';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/endpoint-route';
import { limitConfig } from '../../plugins/rate-limits';
import { listRegions } from '../../repositories/regions-repository';
import { isEmailAvailable, isUsernameAvailable, register } from '../../services/account-service';

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const deps = app.services;
  registerEndpoint(app, ep.getRegions, async () => listRegions(deps.db));

  registerEndpoint(app, ep.checkUsernameAvailable, async ({ body }) => ({ available: await isUsernameAvailable(deps.db, body.username) }), {
    config: limitConfig(deps.rateLimits.availableUsername),
  });

  registerEndpoint(app, ep.checkEmailAvailable, async ({ body }) => ({ available: await isEmailAvailable(deps.db, body.email) }), {
    config: limitConfig(deps.rateLimits.availableEmail),
  });

  registerEndpoint(app, ep.register, async ({ body }) => register(deps.account, body), { config: limitConfig(deps.rateLimits.register) });
}
