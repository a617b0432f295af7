import {
  availabilityResponseSchema,
  availableEmailRequestSchema,
  availableUsernameRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  regionsResponseSchema,
  type AvailableEmailRequest,
  type AvailableUsernameRequest,
  type RegisterRequest,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { limitConfig } from '../plugins/rate-limits';
import { listRegions } from '../repositories/regions-repository';
import { isEmailAvailable, isUsernameAvailable, register } from '../services/account-service';
import type { RouteDeps } from './route-deps';

export async function accountRoutes(app: FastifyInstance, deps: RouteDeps): Promise<void> {
  app.get('/api/regions', { schema: { response: { 200: regionsResponseSchema } } }, async () => listRegions(deps.db));

  app.post<{ Body: AvailableUsernameRequest }>(
    '/api/available/username',
    {
      schema: { body: availableUsernameRequestSchema, response: { 200: availabilityResponseSchema } },
      config: limitConfig(deps.rateLimits.availableUsername),
    },
    async (request) => ({ available: await isUsernameAvailable(deps.db, request.body.username) }),
  );

  app.post<{ Body: AvailableEmailRequest }>(
    '/api/available/email',
    {
      schema: { body: availableEmailRequestSchema, response: { 200: availabilityResponseSchema } },
      config: limitConfig(deps.rateLimits.availableEmail),
    },
    async (request) => ({ available: await isEmailAvailable(deps.db, request.body.email) }),
  );

  app.post<{ Body: RegisterRequest }>(
    '/api/register',
    {
      schema: { body: registerRequestSchema, response: { 201: registerResponseSchema } },
      config: limitConfig(deps.rateLimits.register),
    },
    async (request, reply) => {
      const created = await register(deps.account, request.body);
      reply.code(201);
      return created;
    },
  );
}
